import assert from "node:assert/strict";
import type { CosmosClient } from "@azure/cosmos";
import { ensureContainers } from "../../../src/storage/containers";
import { createCosmosClient } from "../../../src/storage/cosmos-store";
import { CosmosDataWriter } from "../../../src/storage/cosmos-data-writer";
import { CosmosProcurementData } from "../../../src/storage/cosmos-procurement-data";
import { startProxiedCosmos, type ProxiedCosmos } from "../../fakes/proxied-cosmos";
import type { RecordedRequest } from "../../fakes/recording-http-proxy";
import { importFixture } from "../../unit/import/import-fixture";

/** Requests that read documents of a container: queries and read feeds (`…/docs`) and point reads (`…/docs/<id>`). */
function documentReads(requests: RecordedRequest[], container?: string) {
  return requests.filter(
    (r) => /\/colls\/[^/]+\/docs(\/|$)/.test(r.path) && (container === undefined || r.path.includes(`/colls/${container}/`)),
  );
}

describe("Cosmos procurement data at the wire: the directory read in pages, then a bounded number of documents per call", function () {
  this.timeout(60_000);
  let cosmos: ProxiedCosmos;
  let writing: CosmosClient;
  let data: CosmosProcurementData;
  let load: RecordedRequest[];

  before(async () => {
    cosmos = await startProxiedCosmos();
    writing = await createCosmosClient({ endpoint: cosmos.server.endpoint, key: cosmos.server.key });
    const { database } = await writing.databases.createIfNotExists({ id: "reads" });
    // The acme fixture: 2 suppliers, 2 contracts, 2 policies, 1 benchmark, spend in 5 months.
    await importFixture(new CosmosDataWriter(await ensureContainers(database, 30), "embedded"), "acme");
    // Pages of one document, so every directory kind but benchmarks spans more than one page.
    data = new CosmosProcurementData(await ensureContainers(cosmos.client.database("reads"), 30), "embedded", { pageSize: 1 });
    load = await cosmos.proxy.during(() => data.describe());
  });

  after(async () => {
    writing.dispose();
    await cosmos.stop();
  });

  it("reads each directory container in pages no larger than the page size, and nothing is lost between pages", async () => {
    for (const container of ["suppliers", "contracts", "policies"]) {
      const pages = documentReads(load, container);
      assert.ok(pages.length >= 2, `${container}: ${pages.length} page(s)`);
      for (const page of pages) {
        assert.equal(page.maxItemCount, 1, `${container} asked for ${page.maxItemCount}`);
        assert.ok((page.itemCount ?? 0) <= 1, `${container} answered ${page.itemCount} documents in one page`);
      }
    }
    assert.deepEqual(
      (await data.listSuppliers()).map((s) => s.id),
      ["NW-100", "NW-200"],
    );
    assert.deepEqual(
      [...(await data.listContracts({ supplierId: "NW-100" })), ...(await data.listContracts({ supplierId: "NW-200" }))].map((c) => c.id),
      ["NWC-1", "NWC-2"],
    );
    assert.equal((await data.listPolicies()).length, 2);
  });

  it("answers directory and search calls from the loaded directory without reading a document", async () => {
    const calls = await cosmos.proxy.during(async () => {
      await data.listSuppliers();
      await data.listContracts({ supplierId: "NW-100" });
      assert.equal((await data.searchContracts("fuel surcharge index")).contracts[0]?.id, "NWC-1");
      assert.equal((await data.searchPolicies("data residency Japan", "en")).sections[0]?.section.id, "POL-CLOUD-HOSTING §2");
      await data.listPolicies("en");
      await data.listBenchmarks();
      await data.spendDimensions();
    });
    assert.deepEqual(documentReads(calls), []);
  });

  it("reads one supplier with one point read", async () => {
    const calls = await cosmos.proxy.during(async () => assert.equal((await data.getSupplier("NW-200"))?.name, "Blue Harbor Cloud Inc."));
    assert.deepEqual(
      documentReads(calls).map((r) => [r.method, r.path.split("/colls/")[1]]),
      [["GET", "suppliers/docs/NW-200"]],
    );
  });

  it("reads the spend cells at start-up as the import left them, one point read per month document, never a spend row", () => {
    assert.deepEqual(documentReads(load, "spend"), []);
    assert.deepEqual(
      documentReads(load, "spendCells")
        .map((r) => [r.method, r.path.split("/colls/")[1]])
        .sort(),
      [
        ["GET", "spendCells/docs/manifest"],
        ["GET", "spendCells/docs/month-2025-04-0"],
        ["GET", "spendCells/docs/month-2025-05-0"],
        ["GET", "spendCells/docs/month-2025-06-0"],
        ["GET", "spendCells/docs/month-2025-07-0"],
        ["GET", "spendCells/docs/month-2026-04-0"],
        ["GET", "spendCells/docs/month-2026-05-0"],
      ],
    );
  });

  it("answers spend by any filter and view without reading a document", async () => {
    const calls = await cosmos.proxy.during(async () => {
      const fy2025 = await data.spendCells({ supplierId: "NW-100", fiscalYear: "FY2025" });
      assert.equal(
        fy2025.reduce((sum, cell) => sum + cell.amountJpy, 0),
        5_300_000,
      );
      const byCategory = await data.spendCells({ category: "cloud" }, { grain: "fiscalYear", keep: ["category"] });
      assert.deepEqual(byCategory.map((cell) => cell.fiscalYear).sort(), ["FY2025", "FY2026"]);
      await data.spendCells({ from: "2026-04-01" });
    });
    assert.deepEqual(documentReads(calls), []);
  });
});
