import assert from "node:assert/strict";
import type { Container, CosmosClient } from "@azure/cosmos";
import { RUN_SCHEMA_VERSION, UnsupportedRunVersionError, type RunState } from "../../../src/domain";
import { ensureContainers } from "../../../src/storage/containers";
import { createCosmosClient } from "../../../src/storage/cosmos-store";
import { startEmbeddedCosmos, type EmbeddedCosmos } from "../../../src/storage/embedded-server";
import { CosmosRunStore } from "../../../src/storage/run-repository";
import { finishedRun } from "./run-state-fixture";

describe("the stored run's shape: one version, written as read (embedded Cosmos)", () => {
  let server: EmbeddedCosmos;
  let client: CosmosClient;
  let container: Container;
  let runs: CosmosRunStore;

  before(async () => {
    server = await startEmbeddedCosmos();
    client = await createCosmosClient({ endpoint: server.endpoint, key: server.key });
    const { database } = await client.databases.createIfNotExists({ id: "stored-run-shapes" });
    container = (await ensureContainers(database, 1)).runs;
    runs = new CosmosRunStore(container);
  });
  after(async () => {
    client.dispose();
    await server.stop();
  });

  const handoff = { from: "contract", to: "negotiation", reason: "a negotiation question", finding: finishedRun().findings[0] };

  it("round-trips a run stored in today's shape, and refuses a mode's part that breaks its schema", async () => {
    const today = finishedRun({ runId: "today", modeState: { mode: "handoff", speaker: "spend", handoffs: [handoff] } });
    await runs.checkpoint(today);
    assert.deepEqual(await runs.load("today"), today);
    await runs.checkpoint(finishedRun({ runId: "broken", modeState: { mode: "group-chat", turnsTaken: -1 } }));
    await assert.rejects(() => runs.load("broken"), /turnsTaken/);
  });

  it("stores exactly the record: id, lifecycle and state, the Router's decision as the workflow holds it", async () => {
    const today = finishedRun({ runId: "as-written" });
    await runs.checkpoint(today);
    const { resource } = await container.item(today.runId, today.runId).read<Record<string, unknown>>();
    assert.deepEqual(
      Object.keys(resource!)
        .filter((key) => !key.startsWith("_"))
        .sort(),
      ["id", "lifecycle", "state"],
    );
    assert.deepEqual((resource!.state as RunState).decision, today.decision, "no second list beside `selected`");
  });

  it("refuses documents of shapes it does not read (flat, enveloped without a version, another version), naming the run", async () => {
    const state = JSON.parse(JSON.stringify(finishedRun({ runId: "unused" }))) as Record<string, unknown>;
    const lifecycle = { owners: 1, sent: {} };
    const { schemaVersion: _version, ...unversioned } = state;
    const documents: [string, Record<string, unknown>, string][] = [
      ["flat", { ...state, lifecycle }, "undefined"],
      ["no-version", { lifecycle, state: unversioned }, "undefined"],
      ["next-version", { lifecycle, state: { ...state, schemaVersion: RUN_SCHEMA_VERSION + 1 } }, String(RUN_SCHEMA_VERSION + 1)],
    ];
    for (const [runId, document, found] of documents) {
      await container.items.create({ ...document, id: runId });
      await assert.rejects(
        () => runs.read(runId),
        (error: unknown) =>
          error instanceof UnsupportedRunVersionError &&
          error.message === `run ${runId} was stored with schema version ${found}; this release reads version ${RUN_SCHEMA_VERSION} only`,
        runId,
      );
    }
  });
});
