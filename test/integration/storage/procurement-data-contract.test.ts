import assert from "node:assert/strict";
import { ensureContainers } from "../../../src/storage/containers";
import { createCosmosClient } from "../../../src/storage/cosmos-client";
import { CosmosDataWriter } from "../../../src/storage/cosmos-data-writer";
import { CosmosProcurementData } from "../../../src/storage/cosmos-procurement-data";
import { startEmbeddedCosmos } from "../../../src/storage/embedded-server";
import { LocalDataStore, openLocalProcurementData } from "../../../src/storage/local-data-store";
import type { ProcurementData } from "../../../src/tools/procurement-data";
import { importFixture, temporaryDataDirectory } from "../../unit/import/import-fixture";

/** What every ProcurementData adapter must do, over the imported fixture data set. */
function adapterContract(open: () => Promise<{ data: ProcurementData; close: () => Promise<void> }>) {
  let data: ProcurementData;
  let close: () => Promise<void>;
  before(async () => ({ data, close } = await open()));
  after(() => close());

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
}

describe("ProcurementData adapters (the same contract)", () => {
  describe("local data directory", () => {
    adapterContract(async () => {
      const directory = temporaryDataDirectory();
      await importFixture(new LocalDataStore(directory), "acme");
      return { data: (await openLocalProcurementData(directory))!, close: async () => {} };
    });
  });

  describe("Cosmos (embedded server)", () => {
    adapterContract(async () => {
      const server = await startEmbeddedCosmos();
      const client = await createCosmosClient({ endpoint: server.endpoint, key: server.key });
      const { database } = await client.databases.createIfNotExists({ id: "contract" });
      const containers = await ensureContainers(database, 30);
      await importFixture(new CosmosDataWriter(containers, "embedded"), "acme");
      return {
        data: new CosmosProcurementData(containers, "embedded"),
        close: async () => {
          client.dispose();
          await server.stop();
        },
      };
    });
  });
});
