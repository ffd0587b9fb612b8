import assert from "node:assert/strict";
import { CosmosClient } from "@azure/cosmos";
import { testConfig } from "../../fakes/test-config";
import { ConfigurationError, SystemError } from "../../../src/domain/errors";
import { openCosmosStore, seedSampleData, type CosmosStore } from "../../../src/storage";
import { startEmbeddedCosmos, type EmbeddedCosmos } from "../../../src/storage/embedded-server";
import { createInMemoryProcurementData, generateSampleDataSet } from "../../../src/tools";
import type { SpendFilter } from "../../../src/tools/procurement-data";
import { freshRunState } from "../../fakes/fresh-run-state";

const byId = <T extends { id: string }>(items: T[]) => [...items].sort((a, b) => a.id.localeCompare(b.id));

describe("openCosmosStore", () => {
  describe("with no COSMOS_ENDPOINT (embedded server, seeded)", () => {
    let store: CosmosStore;
    const lines: string[] = [];
    const data = generateSampleDataSet();
    const memory = createInMemoryProcurementData(data);

    before(async () => {
      store = await openCosmosStore(testConfig({ NODE_ENV: "test" }), { log: (line) => lines.push(line) });
    });
    after(() => store.close());

    it("logs one line saying the data will not survive a restart", () => {
      assert.equal(lines.length, 1);
      assert.match(
        lines[0],
        /no COSMOS_ENDPOINT set, using an embedded in-memory server at http:\/\/127\.0\.0\.1:\d+ .*will not survive a restart/,
      );
      assert.equal(store.embedded, true);
    });

    it("answers procurement queries exactly as the in-memory adapter does", async () => {
      const cosmos = store.procurementData;
      assert.deepEqual(await cosmos.listSuppliers(), byId(await memory.listSuppliers()));
      assert.deepEqual(await cosmos.getSupplier("SUP-003"), await memory.getSupplier("SUP-003"));
      assert.equal(await cosmos.getSupplier("SUP-404"), undefined);
      assert.deepEqual(await cosmos.listContracts({ supplierId: "SUP-003" }), byId(await memory.listContracts({ supplierId: "SUP-003" })));
      assert.deepEqual(await cosmos.listPolicies("ja"), byId(await memory.listPolicies("ja")));
      assert.deepEqual(
        await cosmos.listBenchmarks(),
        [...(await memory.listBenchmarks())].sort((a, b) => a.category.localeCompare(b.category)),
      );
      const filters: SpendFilter[] = [
        { supplierId: "SUP-003", fiscalYear: "FY2025" },
        { category: "saas", from: "2026-01-01", to: "2026-01-31" },
        { costCenter: data.spend[0].costCenter, supplierId: data.spend[0].supplierId },
      ];
      for (const filter of filters) {
        const expected = await memory.spendCells(filter);
        assert.ok(expected.length > 0, `filter ${JSON.stringify(filter)} matches sample rows`);
        assert.deepEqual(await cosmos.spendCells(filter), expected, JSON.stringify(filter));
      }
      assert.deepEqual(await cosmos.searchContracts("price cap renewal"), await memory.searchContracts("price cap renewal"));
      assert.deepEqual((await cosmos.describe()).counts, (await memory.describe()).counts);
    });

    it("treats filter values as data", async () => {
      assert.deepEqual(await store.procurementData.spendCells({ supplierId: "x' OR 1=1 --" }), []);
      assert.deepEqual(await store.procurementData.spendCells({ category: '" OR c.category != "' }), []);
    });

    it("re-seeds the full sample data set (≥ 10k spend rows)", async () => {
      const result = await seedSampleData(store, data);
      assert.equal(result.counts.spend, data.spend.length);
      assert.ok(data.spend.length >= 10_000);
      console.log(
        `      seeded ${result.counts.spend} spend rows (+ ${result.counts.suppliers} suppliers, ${result.counts.contracts} contracts) in ${result.durationMs} ms`,
      );
      assert.deepEqual(
        await store.procurementData.spendCells({ supplierId: "SUP-003" }),
        await memory.spendCells({ supplierId: "SUP-003" }),
      );
    });

    it("reports itself healthy", async () => {
      const health = await store.health();
      assert.equal(health.ok, true);
      assert.match(health.detail, /cosmos embedded, database procura/);
    });
  });

  it("refuses the embedded fallback in production, naming COSMOS_ENDPOINT", async () => {
    await assert.rejects(openCosmosStore(testConfig({ NODE_ENV: "production" }), { log: () => {} }), (error: unknown) => {
      assert.ok(error instanceof ConfigurationError);
      assert.match(error.message, /COSMOS_ENDPOINT is required when NODE_ENV=production/);
      return true;
    });
  });

  describe("with COSMOS_ENDPOINT and COSMOS_KEY", () => {
    let server: EmbeddedCosmos;
    let store: CosmosStore;
    const lines: string[] = [];

    before(async () => {
      server = await startEmbeddedCosmos();
      const config = testConfig({
        NODE_ENV: "test",
        COSMOS_ENDPOINT: server.endpoint,
        COSMOS_KEY: server.key,
        COSMOS_DATABASE: "procura-it",
        TRANSCRIPT_TTL_DAYS: "30",
      });
      store = await openCosmosStore(config, { log: (line) => lines.push(line) });
    });
    after(async () => {
      await store.close();
      await server.stop();
    });

    it("creates the database and every container with its partition key, transcripts with a TTL, and seeds nothing", async () => {
      const client = new CosmosClient({ endpoint: server.endpoint, key: server.key, connectionPolicy: { enableEndpointDiscovery: false } });
      const { resources } = await client.database("procura-it").containers.readAll().fetchAll();
      client.dispose();
      const keys = Object.fromEntries(resources.map((container) => [container.id, container.partitionKey?.paths[0]]));
      assert.deepEqual(keys, {
        botState: "/id",
        runs: "/id",
        transcripts: "/conversationId",
        feedback: "/runId",
        approvals: "/id",
        conversationMemory: "/id",
        settings: "/id",
        evaluations: "/transcriptId",
        canaryRuns: "/id",
        renewalAlerts: "/id",
        suppliers: "/id",
        contracts: "/supplierId",
        spend: "/supplierId",
        policies: "/policyKey",
        benchmarks: "/category",
        spendCells: "/id",
      });
      assert.equal(resources.find((container) => container.id === "transcripts")!.defaultTtl, 30 * 86_400);
      assert.equal(
        resources.find((container) => container.id === "conversationMemory")!.defaultTtl,
        -1,
        "each memory document carries its own ttl",
      );
      assert.deepEqual(lines, []);
      assert.equal(store.embedded, false);
      assert.deepEqual(await store.procurementData.listSuppliers(), []);
    });

    it("when the server stops: health says why, and operations reject with a SystemError carrying the cause", async () => {
      await store.runs.checkpoint(freshRunState({ runId: "r", question: "q" }));
      await server.stop();
      const health = await store.health();
      assert.equal(health.ok, false);
      assert.match(health.detail, new RegExp(`cosmos unreachable at ${server.endpoint.replace(/\./g, "\\.")}: .*ECONNREFUSED`));
      const error = await store.runs.load("r").catch((e: unknown) => e);
      assert.ok(error instanceof SystemError, String(error));
      assert.match(error.message, /^Cosmos read runs\/r failed.*ECONNREFUSED/);
      assert.ok(error.cause instanceof Error);
      await assert.rejects(store.approvals.listPending(), SystemError);
    });
  });
});
