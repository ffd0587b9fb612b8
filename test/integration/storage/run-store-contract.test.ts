import assert from "node:assert/strict";
import type { CosmosClient } from "@azure/cosmos";
import { RUN_SCHEMA_VERSION, UnsupportedRunVersionError, type RunState } from "../../../src/domain";
import { ensureContainers } from "../../../src/storage/containers";
import { createCosmosClient } from "../../../src/storage/cosmos-store";
import { startEmbeddedCosmos, type EmbeddedCosmos } from "../../../src/storage/embedded-server";
import { MemoryRunStore } from "../../../src/storage/memory-run-store";
import { CosmosRunStore } from "../../../src/storage/run-repository";
import { queuedRecord } from "../../../src/workflow/owned-run";
import type { ConversationRuns, RunStore } from "../../../src/workflow/ports";
import { finishedRun } from "./run-state-fixture";

/** A run as it comes back from any store: JSON, so an `answer: undefined` key is simply absent. */
function storedRun(overrides: Partial<RunState>): RunState {
  return JSON.parse(JSON.stringify(finishedRun({ status: "running", phase: "route", answer: undefined, ...overrides }))) as RunState;
}

/**
 * What every RunStore must do, whatever stores it: the workers' lease and the once-only sends rest on
 * the conditional write, so both adapters must agree on it exactly.
 */
function runStoreContract(name: string, open: () => Promise<RunStore & ConversationRuns>) {
  describe(`RunStore contract: ${name}`, function () {
    this.timeout(20_000);
    let store: RunStore & ConversationRuns;
    let next = 0;
    const runId = () => `run-contract-${Date.now()}-${++next}`;
    beforeEach(async () => {
      store = await open();
    });

    it("knows nothing of a run never written", async () => {
      const id = runId();
      assert.equal(await store.load(id), undefined);
      assert.equal(await store.read(id), undefined);
    });

    it("round-trips a checkpoint, and the next checkpoint replaces it", async () => {
      const run = storedRun({ runId: runId(), phase: "investigate" });
      await store.checkpoint(run);
      assert.deepEqual(await store.load(run.runId), run);
      await store.checkpoint({ ...run, status: "answered", phase: "done" });
      const loaded = await store.load(run.runId);
      assert.equal(loaded?.status, "answered");
      assert.equal(loaded.phase, "done");
    });

    it("keeps the requester's conversation reference with the run, a Teams channel thread's id included", async () => {
      const reference = {
        channelId: "msteams",
        serviceUrl: "https://smba.trafficmanager.net/jp/",
        conversation: { id: "19:abc@thread.tacv2;messageid=1732", isGroup: true, conversationType: "channel", name: "", tenantId: "t-1" },
        bot: { id: "28:bot", name: "Procura" },
        activityId: "1732",
      };
      const run = storedRun({ runId: runId(), reference });
      await store.write(queuedRecord(run), undefined);
      assert.deepEqual((await store.read(run.runId))?.value.state.reference, reference);
    });

    it("creates only when absent: a second create is a conflict and leaves the first", async () => {
      const run = storedRun({ runId: runId() });
      const created = await store.write(queuedRecord(run), undefined);
      assert.equal(created.kind, "written");
      assert.deepEqual(await store.write(queuedRecord({ ...run, phase: "done" }), undefined), { kind: "conflict" });
      assert.equal((await store.load(run.runId))?.phase, "route");
    });

    it("replaces only at the version read; a stale version cannot overwrite the newer run", async () => {
      const run = storedRun({ runId: runId() });
      const created = await store.write(queuedRecord(run), undefined);
      const read = await store.read(run.runId);
      assert.ok(read && created.kind === "written");
      assert.equal(read.etag, created.etag, "read returns the version the write made");
      assert.deepEqual(read.value, queuedRecord(run));
      const newer = await store.write(queuedRecord({ ...run, phase: "investigate" }), read.etag);
      assert.equal(newer.kind, "written");
      assert.notEqual(newer.kind === "written" && newer.etag, read.etag, "every write makes a new version");
      assert.deepEqual(await store.write(queuedRecord({ ...run, phase: "done" }), read.etag), { kind: "conflict" });
      assert.equal((await store.load(run.runId))?.phase, "investigate");
    });

    it("treats a version for a run that does not exist as a conflict", async () => {
      const run = storedRun({ runId: runId() });
      const elsewhere = storedRun({ runId: runId() });
      const written = await store.write(queuedRecord(elsewhere), undefined);
      assert.ok(written.kind === "written");
      assert.deepEqual(await store.write(queuedRecord(run), written.etag), { kind: "conflict" });
      assert.equal(await store.load(run.runId), undefined);
    });

    it("moves the version on a checkpoint, so a writer holding the old one loses", async () => {
      const run = storedRun({ runId: runId() });
      await store.write(queuedRecord(run), undefined);
      const before = await store.read(run.runId);
      await store.checkpoint({ ...run, phase: "investigate" });
      assert.deepEqual(await store.write(queuedRecord({ ...run, phase: "done" }), before!.etag), { kind: "conflict" });
      assert.equal((await store.load(run.runId))?.phase, "investigate");
    });

    it("lets exactly one of two writers at the same version win", async () => {
      const run = storedRun({ runId: runId() });
      await store.write(queuedRecord(run), undefined);
      const { etag } = (await store.read(run.runId))!;
      const outcomes = await Promise.all([
        store.write(queuedRecord({ ...run, phase: "investigate" }), etag),
        store.write(queuedRecord({ ...run, phase: "moderate" }), etag),
      ]);
      assert.deepEqual(outcomes.map((outcome) => outcome.kind).sort(), ["conflict", "written"]);
      const winner = outcomes[0].kind === "written" ? "investigate" : "moderate";
      assert.equal((await store.load(run.runId))?.phase, winner);
    });

    it("finds a conversation's runs, oldest first, and none of another conversation's", async () => {
      const conversationId = `a:conv-${runId()}`;
      const requester = { userId: "29:user-1", conversationId };
      const later = storedRun({ runId: runId(), requester, startedAt: "2026-11-21T09:05:00.000Z" });
      const earlier = storedRun({ runId: runId(), requester, startedAt: "2026-11-21T09:00:00.000Z" });
      const elsewhere = storedRun({ runId: runId(), requester: { ...requester, conversationId: `${conversationId}-other` } });
      await store.write(queuedRecord(later), undefined);
      await store.checkpoint(earlier);
      await store.checkpoint(elsewhere);
      const found = await store.ofConversation(conversationId);
      assert.deepEqual(
        found.map((record) => record.state.runId),
        [earlier.runId, later.runId],
      );
      assert.deepEqual(found[1], (await store.read(later.runId))?.value, "each as read() gives it");
      assert.deepEqual(await store.ofConversation(`${conversationId}-never`), []);
    });

    it("refuses a run stored with another schema version by name, and leaves it out of its conversation's runs", async () => {
      const conversationId = `a:conv-${runId()}`;
      const requester = { userId: "29:user-1", conversationId };
      const today = storedRun({ runId: runId(), requester });
      // Written as a release with another run shape would write it.
      const other = { ...storedRun({ runId: runId(), requester }), schemaVersion: RUN_SCHEMA_VERSION + 1 } as unknown as RunState;
      await store.checkpoint(today);
      await store.write(queuedRecord(other), undefined);
      for (const read of [() => store.read(other.runId), () => store.load(other.runId)])
        await assert.rejects(read, (error: unknown) => {
          assert.ok(error instanceof UnsupportedRunVersionError);
          assert.equal(
            error.message,
            `run ${other.runId} was stored with schema version ${RUN_SCHEMA_VERSION + 1}; this release reads version ${RUN_SCHEMA_VERSION} only`,
          );
          return true;
        });
      assert.deepEqual(
        (await store.ofConversation(conversationId)).map((record) => record.state.runId),
        [today.runId],
      );
    });

    it("hands out copies: changing what was loaded changes nothing stored", async () => {
      const run = storedRun({ runId: runId() });
      await store.checkpoint(run);
      const loaded = (await store.load(run.runId))!;
      loaded.phase = "done";
      loaded.findings.length = 0;
      assert.deepEqual(await store.load(run.runId), run);
    });
  });
}

describe("RunStore adapters", () => {
  let server: EmbeddedCosmos | undefined;
  let client: CosmosClient | undefined;
  let cosmosRuns: CosmosRunStore | undefined;
  after(async () => {
    client?.dispose();
    await server?.stop();
  });

  runStoreContract("in process (MemoryRunStore)", async () => new MemoryRunStore());
  runStoreContract("Cosmos (embedded server)", async () => {
    if (!cosmosRuns) {
      server = await startEmbeddedCosmos();
      client = await createCosmosClient({ endpoint: server.endpoint, key: server.key });
      const { database } = await client.databases.createIfNotExists({ id: "run-store-contract" });
      cosmosRuns = new CosmosRunStore((await ensureContainers(database, 1)).runs);
    }
    return cosmosRuns;
  });
});
