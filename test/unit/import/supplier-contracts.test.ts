import assert from "node:assert/strict";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { LocalDataStore, openLocalProcurementData } from "../../../src/storage/local-data-store";
import { importFixture, temporaryDataDirectory } from "./import-fixture";

/** A fixture imported into a fresh data directory. */
async function importedAcme(): Promise<string> {
  const directory = temporaryDataDirectory();
  await importFixture(new LocalDataStore(directory), "acme");
  return directory;
}

describe("one supplier's contracts in the local data directory", () => {
  it("are read without the data set's other contracts: a supplier question works when contracts.json cannot be read", async () => {
    const directory = await importedAcme();
    writeFileSync(path.join(directory, "contracts.json"), "not json");
    const data = (await openLocalProcurementData(directory))!;
    assert.deepEqual(
      (await data.listContracts({ supplierId: "NW-200" })).map((c) => [c.id, c.title]),
      [["NWC-2", "Blue Harbor cloud hosting order"]],
    );
    assert.deepEqual(await data.listContracts({ supplierId: "NO-SUCH-SUPPLIER" }), []);
    // A search across suppliers needs every contract: the damaged file then shows.
    await assert.rejects(
      data.searchContracts("cloud hosting"),
      /contracts\.json is not a valid data file \(.*JSON.*\); import the data again/,
    );
  });

  it("come from every contract when the directory was imported before contracts were kept by supplier", async () => {
    const directory = await importedAcme();
    for (const file of ["contracts-by-supplier.ndjson", "contracts-by-supplier.json"]) rmSync(path.join(directory, file));
    const data = (await openLocalProcurementData(directory))!;
    assert.deepEqual(
      (await data.listContracts({ supplierId: "NW-100" })).map((c) => c.id),
      ["NWC-1"],
    );
  });

  it("fail with a message naming the file and what to do when the ranges point at another supplier's lines", async () => {
    const directory = await importedAcme();
    const rangesFile = path.join(directory, "contracts-by-supplier.json");
    const ranges = JSON.parse(readFileSync(rangesFile, "utf8")) as Record<string, [number, number]>;
    writeFileSync(rangesFile, JSON.stringify({ ...ranges, "NW-100": ranges["NW-200"] }));
    const data = (await openLocalProcurementData(directory))!;
    await assert.rejects(data.listContracts({ supplierId: "NW-100" }), (error: Error) => {
      assert.match(error.message, /contracts-by-supplier\.ndjson is not a valid data file \(the contracts of NW-100 are not where/);
      assert.match(error.message, /another supplier's contracts/);
      assert.match(error.message, /import the data again/);
      return true;
    });
  });
});
