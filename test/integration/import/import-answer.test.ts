import assert from "node:assert/strict";
import { testConfig } from "../../fakes/test-config";
import type { RunState } from "../../../src/domain";
import { openToolData } from "../../../src/composition/procurement-data";
import { buildWorkflowDeps } from "../../../src/composition/workflow-deps";
import { ensureContainers } from "../../../src/storage/containers";
import { createCosmosClient } from "../../../src/storage/cosmos-store";
import { CosmosProcurementData, type ProcurementContainers } from "../../../src/storage/cosmos-procurement-data";
import { startEmbeddedCosmos, type EmbeddedCosmos } from "../../../src/storage/embedded-server";
import { CosmosDataWriter } from "../../../src/storage/cosmos-data-writer";
import { LocalDataStore, openLocalProcurementData } from "../../../src/storage/local-data-store";
import { MemoryRunStore } from "../../../src/storage/memory-run-store";
import type { ProcurementData } from "../../../src/tools/procurement-data";
import { runQuestion } from "../../../src/workflow/runner";
import { importFixture, temporaryDataDirectory } from "../../unit/import/import-fixture";

/** Asks through the whole agent graph (offline engine) and returns every cited reference id. */
async function ask(data: ProcurementData, question: string): Promise<{ text: string; references: string[]; state: RunState }> {
  const deps = await buildWorkflowDeps(testConfig({ NODE_ENV: "test" }), { data, store: new MemoryRunStore(), events: { emit: () => {} } });
  const state = await runQuestion(deps, { question });
  const json = JSON.stringify(state);
  return { text: json, references: [...json.matchAll(/"referenceId":"([^"]+)"/g)].map((m) => m[1]), state };
}

async function answersFromImportedData(data: ProcurementData): Promise<void> {
  const summary = await data.describe();
  assert.equal(summary.name, "imported");
  assert.equal(summary.counts.spend, 6);
  const spend = await ask(data, "How much did we spend with Northwind in FY2025?");
  assert.ok(
    spend.references.some((id) => id.startsWith("SPEND NW-100")),
    spend.references.join(", "),
  );
  assert.ok(spend.references.includes("INV-0003"), "cites the largest imported invoice");
  assert.match(spend.text, /¥5,300,000/);
  const contract = await ask(data, "What is the price increase cap in the Blue Harbor contract?");
  assert.ok(contract.references.includes("NWC-2"), contract.references.join(", "));
  assert.match(contract.text, /Blue Harbor cloud hosting order/);
  // The contract's document link, imported from contracts.csv, reaches the finding's evidence from the tool.
  const cited = contract.state.findings.flatMap((f) => (f.status === "ok" ? f.evidence : [])).filter((e) => e.referenceId === "NWC-2");
  assert.ok(cited.length > 0 && cited.every((e) => e.url === BLUE_HARBOR_URL), JSON.stringify(cited));
}

const BLUE_HARBOR_URL = "https://contoso.sharepoint.com/sites/Procurement/Contracts/Blue%20Harbor%20cloud%20hosting%20order.docx";

describe("import → answer", () => {
  it("answers from a data set imported into the local data directory, citing its records", async () => {
    const directory = temporaryDataDirectory();
    await importFixture(new LocalDataStore(directory), "acme");
    await answersFromImportedData((await openLocalProcurementData(directory))!);
  });

  describe("into Cosmos (embedded server, an empty database)", () => {
    let server: EmbeddedCosmos;
    let containers: ProcurementContainers;
    let close: () => void;
    before(async () => {
      server = await startEmbeddedCosmos();
      const client = await createCosmosClient({ endpoint: server.endpoint, key: server.key });
      close = () => client.dispose();
      const { database } = await client.databases.createIfNotExists({ id: "imported" });
      containers = await ensureContainers(database, 30);
    });
    after(async () => {
      close();
      await server.stop();
    });

    it("answers from the imported records through the Cosmos adapter, and a re-import changes nothing", async () => {
      const writer = new CosmosDataWriter(containers, "embedded");
      await importFixture(writer, "acme");
      await answersFromImportedData(new CosmosProcurementData(containers, "embedded"));
      const again = await importFixture(writer, "acme");
      assert.deepEqual(
        again.outcomes.filter((o) => o.kind !== "fx").map((o) => [o.kind, o.inserted, o.updated]),
        [
          ["suppliers", 0, 0],
          ["contracts", 0, 0],
          ["spend", 0, 0],
          ["policies", 0, 0],
          ["benchmarks", 0, 0],
        ],
      );
    });

    it("is what a command answers from when COSMOS_ENDPOINT is set (as npm run ask does), not the local directory", async () => {
      await importFixture(new CosmosDataWriter(containers, "embedded"), "acme");
      const config = testConfig({
        NODE_ENV: "test",
        COSMOS_ENDPOINT: server.endpoint,
        COSMOS_KEY: server.key,
        COSMOS_DATABASE: "imported",
        PROCURA_DATA_DIR: temporaryDataDirectory(),
      });
      const { data, close } = await openToolData(config, () => {});
      try {
        assert.equal((await data.describe()).location, "embedded", "the data set the Cosmos import wrote");
        await answersFromImportedData(data);
      } finally {
        await close();
      }
    });
  });
});
