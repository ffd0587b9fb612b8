import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ensureContainers } from "../../../src/storage/containers";
import { createCosmosClient } from "../../../src/storage/cosmos-store";
import { CosmosDataWriter } from "../../../src/storage/cosmos-data-writer";
import { CosmosProcurementData } from "../../../src/storage/cosmos-procurement-data";
import { startEmbeddedCosmos } from "../../../src/storage/embedded-server";
import { LocalDataStore, openLocalProcurementData } from "../../../src/storage/local-data-store";
import type { ProcurementData } from "../../../src/tools/procurement-data";
import { importFixture, temporaryDataDirectory } from "../../unit/import/import-fixture";

/** An adapter over the imported fixture data set, as a test drives it. */
interface OpenedAdapter {
  data: ProcurementData;
  /** Another adapter over the same stored data set, that has read nothing yet (as after a start-up). */
  fresh: () => Promise<ProcurementData>;
  /** Damages the stored contracts so that reading them fails; the function it returns repairs them. */
  damageContracts: () => Promise<() => Promise<void>>;
  close: () => Promise<void>;
}

/** What every ProcurementData adapter must do, over the imported fixture data set. */
function adapterContract(open: () => Promise<OpenedAdapter>) {
  let data: ProcurementData;
  let adapter: OpenedAdapter;
  before(async () => ({ data } = adapter = await open()));
  after(() => adapter.close());

  it("describes the imported data set with its counts", async () => {
    const summary = await data.describe();
    assert.equal(summary.name, "imported");
    assert.deepEqual(summary.counts, { suppliers: 2, contracts: 2, spend: 6, policies: 2, policySections: 5, benchmarks: 1 });
  });

  it("serves the directory: suppliers, one supplier, one contract and the contract ids, a supplier's contracts, policies, benchmarks", async () => {
    assert.deepEqual(
      (await data.listSuppliers()).map((s) => s.id),
      ["NW-100", "NW-200"],
    );
    assert.equal((await data.getSupplier("NW-200"))?.name, "Blue Harbor Cloud Inc.");
    assert.equal(await data.getSupplier("NW-404"), undefined);
    assert.deepEqual(
      (await data.listContracts({ supplierId: "NW-100" })).map((c) => c.id),
      ["NWC-1"],
    );
    assert.equal((await data.getContract("NWC-2"))?.title, "Blue Harbor cloud hosting order");
    assert.equal(await data.getContract("NWC-3"), undefined);
    assert.deepEqual(
      (await data.contractIds()).in("Compare nwc-1 with NWC-2 and NWC-3").map((named) => named.id),
      ["NWC-1", "NWC-2"],
    );
    assert.deepEqual((await data.listPolicies("en")).map((p) => p.id).sort(), ["POL-CLOUD-HOSTING-en", "POL-FREIGHT-POLICY-en"]);
    assert.deepEqual(
      (await data.listBenchmarks()).map((b) => b.category),
      ["logistics"],
    );
  });

  it("searches contracts and policies through its indexes", async () => {
    const contracts = await data.searchContracts("fuel surcharge index");
    assert.deepEqual([contracts.contracts[0]?.id, contracts.total], ["NWC-1", 1]);
    const policies = await data.searchPolicies("data residency Japan", "en");
    assert.equal(policies.sections[0]?.section.id, "POL-CLOUD-HOSTING §2");
    assert.equal(policies.total, policies.sections.length);
    assert.deepEqual(await data.searchPolicies("zzz-nothing"), { sections: [], total: 0, totalIsEstimate: false });
  });

  it("answers spend from monthly cells, by every filter, with the largest transactions", async () => {
    const fy2025 = await data.spendCells({ supplierId: "NW-100", fiscalYear: "FY2025" });
    assert.equal(
      fy2025.reduce((sum, cell) => sum + cell.amountJpy, 0),
      5_300_000,
    );
    assert.equal(
      fy2025.reduce((sum, cell) => sum + cell.count, 0),
      3,
    );
    assert.deepEqual((await data.spendCells({ from: "2026-04-01" })).map((cell) => cell.month).sort(), ["2026-04", "2026-05"]);
    assert.deepEqual(
      (await data.spendCells({ costCenter: "CC-2200 Warehousing" })).flatMap((cell) => cell.largest.map((line) => line.id)),
      ["INV-0003"],
    );
    assert.deepEqual(await data.spendCells({ category: "x' OR 1=1 --" }), []);
    assert.deepEqual(await data.spendDimensions(), {
      categories: ["cloud", "logistics"],
      costCenters: ["CC-1100 IT Infrastructure", "CC-2100 Logistics", "CC-2200 Warehousing"],
    });
  });

  // The offline engine's first questions after a start-up all ask for the contract ids at once.
  it("shares one read of the contract ids between concurrent first callers, and keeps it", async () => {
    const fresh = await adapter.fresh();
    const [first, second, third] = await Promise.all([fresh.contractIds(), fresh.contractIds(), fresh.contractIds()]);
    assert.equal(second, first, "one index, read once");
    assert.equal(third, first);
    assert.equal(await fresh.contractIds(), first, "a later call reads nothing again");
    assert.deepEqual(
      first.in("NWC-1 and NWC-2").map((named) => named.id),
      ["NWC-1", "NWC-2"],
    );
  });

  it("tries a failed read of the contract ids again on the next call, so a transient fault does not stay", async () => {
    const repair = await adapter.damageContracts();
    const fresh = await adapter.fresh();
    try {
      await assert.rejects(fresh.contractIds(), /contracts/);
      await assert.rejects(fresh.contractIds(), /contracts/, "still damaged: read again, failed again");
    } finally {
      await repair();
    }
    assert.deepEqual(
      (await fresh.contractIds()).in("What is the notice period of NWC-2?").map((named) => named.id),
      ["NWC-2"],
    );
  });
}

describe("ProcurementData adapters (the same contract)", () => {
  describe("local data directory", () => {
    adapterContract(async () => {
      const directory = temporaryDataDirectory();
      await importFixture(new LocalDataStore(directory), "acme");
      const fresh = async () => (await openLocalProcurementData(directory))!;
      const contractsFile = path.join(directory, "contracts.json");
      return {
        data: await fresh(),
        fresh,
        damageContracts: async () => {
          const intact = readFileSync(contractsFile);
          writeFileSync(contractsFile, "not json");
          return async () => writeFileSync(contractsFile, intact);
        },
        close: async () => {},
      };
    });
  });

  describe("Cosmos (embedded server)", () => {
    adapterContract(async () => {
      const server = await startEmbeddedCosmos();
      const client = await createCosmosClient({ endpoint: server.endpoint, key: server.key });
      const { database } = await client.databases.createIfNotExists({ id: "contract" });
      const containers = await ensureContainers(database, 30);
      await importFixture(new CosmosDataWriter(containers, "embedded"), "acme");
      const fresh = async () => new CosmosProcurementData(containers, "embedded");
      return {
        data: await fresh(),
        fresh,
        damageContracts: async () => {
          // A document no contract schema accepts (a half-written or hand-edited one).
          await containers.contracts.items.upsert({ id: "NWC-BROKEN", supplierId: "NW-100", title: 42 });
          return async () => {
            await containers.contracts.item("NWC-BROKEN", "NW-100").delete();
          };
        },
        close: async () => {
          client.dispose();
          await server.stop();
        },
      };
    });
  });
});
