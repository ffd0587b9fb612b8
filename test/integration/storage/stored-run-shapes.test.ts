import assert from "node:assert/strict";
import type { Container, CosmosClient } from "@azure/cosmos";
import { testConfig } from "../../fakes/test-config";
import { z } from "zod";
import { RouterDecisionSchema, type RunLifecycleRecord, type RunState } from "../../../src/domain";
import { openCosmosStore, type CosmosStore } from "../../../src/storage";
import { ensureContainers } from "../../../src/storage/containers";
import { createCosmosClient } from "../../../src/storage/cosmos-client";
import { startEmbeddedCosmos, type EmbeddedCosmos } from "../../../src/storage/embedded-server";
import { CosmosRunStore } from "../../../src/storage/run-repository";
import { OwnedRun } from "../../../src/workflow/owned-run";
import { requeryTargets } from "../../../src/workflow/steps/quality-gate";
import { finishedRun } from "./run-state-fixture";

/**
 * A run as it was stored before each mode owned its part of the state: `mode` (absent on runs stored
 * before modes existed) and every mode's fields flat beside the others.
 */
function storedWithFlatModeFields(runId: string, flat: Record<string, unknown>): RunState {
  const { modeState: _modeState, ...rest } = finishedRun({ runId });
  // Written as the older code wrote it: a shape today's RunState type no longer allows.
  return { ...rest, ...flat } as unknown as RunState;
}

describe("runs stored in an older shape (embedded Cosmos)", () => {
  let store: CosmosStore;

  before(async () => {
    store = await openCosmosStore(testConfig({ NODE_ENV: "test" }), { log: () => {} });
  });
  after(() => store.close());

  const handoff = { from: "contract", to: "negotiation", reason: "a negotiation question", finding: finishedRun().findings[0] };

  it("loads each mode's flat fields into that mode's part of the state, and drops the other modes' fields", async () => {
    const cases: [string, Record<string, unknown>, RunState["modeState"]][] = [
      ["before-modes", { rerouted: { excluded: ["contract"] } }, { mode: "selective", rerouted: { excluded: ["contract"] } }],
      ["selective", { mode: "selective" }, { mode: "selective" }],
      ["group-chat", { mode: "group-chat", turnsTaken: 4, rerouted: { excluded: ["spend"] } }, { mode: "group-chat", turnsTaken: 4 }],
      ["group-chat-unstarted", { mode: "group-chat" }, { mode: "group-chat", turnsTaken: 0 }],
      [
        "handoff",
        { mode: "handoff", speaker: "negotiation", handoffs: [handoff], turnsTaken: 2 },
        { mode: "handoff", speaker: "negotiation", handoffs: [handoff] },
      ],
    ];
    for (const [runId, flat, expected] of cases) {
      await store.runs.checkpoint(storedWithFlatModeFields(runId, flat));
      const loaded = await store.runs.load(runId);
      assert.deepEqual(loaded?.modeState, expected, runId);
      for (const field of ["mode", "rerouted", "turnsTaken", "speaker", "handoffs"])
        assert.ok(loaded && !(field in loaded), `${runId}: no flat '${field}' left`);
      assert.deepEqual(loaded?.answer, finishedRun().answer, `${runId}: the rest of the run is kept`);
    }
  });

  it("round-trips a run stored in today's shape, and refuses a mode's part that breaks its schema", async () => {
    const today = finishedRun({ runId: "today", modeState: { mode: "handoff", speaker: "spend", handoffs: [handoff] } });
    await store.runs.checkpoint(today);
    assert.deepEqual(await store.runs.load("today"), today);
    await store.runs.checkpoint(storedWithFlatModeFields("broken", { mode: "group-chat", turnsTaken: -1 }));
    await assert.rejects(() => store.runs.load("broken"), /turnsTaken/);
  });
});

describe("run documents across releases: stored flat before the envelope, or read by the release before (embedded Cosmos)", () => {
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

  /** A run as any store gives it back: JSON, so an `undefined` key is simply absent. */
  const asStored = (state: RunState): RunState => JSON.parse(JSON.stringify(state)) as RunState;

  it("loads a Router decision stored with a separate priority list in that order, so a resumed run re-asks who it named first", async () => {
    const { decision, ...rest } = finishedRun({ runId: "with-priority" });
    // Written as the previous release wrote it, where `priority` alone carried the order.
    const state = {
      ...rest,
      decision: { ...decision, selected: ["contract", "spend", "negotiation"], priority: ["negotiation", "contract", "spend"] },
    };
    await container.items.create({ id: state.runId, lifecycle: { stage: "delivered", owners: 1, sent: {} }, state });
    const loaded = await runs.load("with-priority");
    assert.deepEqual(loaded?.decision, { ...decision, selected: ["negotiation", "contract", "spend"] });
    assert.deepEqual(requeryTargets(loaded.decision, 2), ["negotiation", "contract"]);
  });

  it("writes the decision so that an instance of the previous release, which requires a priority list, can resume the run", async () => {
    // The previous release's decision schema: the same fields, and `priority` required.
    const PreviousReleaseDecisionSchema = RouterDecisionSchema.extend({ priority: z.array(z.string()) });
    const today = finishedRun({ runId: "read-by-previous-release" });
    await runs.checkpoint(today);
    const { resource } = await container.item(today.runId, today.runId).read<{ state: { decision: unknown } }>();
    const asPreviousReleaseReadsIt = PreviousReleaseDecisionSchema.parse(resource?.state.decision);
    assert.deepEqual(asPreviousReleaseReadsIt.priority, today.decision?.selected);
    assert.deepEqual(await runs.load(today.runId), today, "today's loading drops the repeated list");
  });

  it("loads a run stored with its lifecycle inside the state, and a worker resumes it into today's shape", async () => {
    const state = asStored(
      finishedRun({ runId: "flat-waiting", status: "awaiting_approval", hitlReasons: ["amount above the threshold"] }),
    );
    const lifecycle: RunLifecycleRecord = {
      stage: "awaiting_approval",
      owner: "old-instance#1",
      owners: 1,
      sent: { approval_request: { claimedBy: "old-instance#1", claimedAt: "2026-11-01T09:00:00.000Z", activityId: "activity-1" } },
    };
    await container.items.create({ ...state, lifecycle, id: state.runId });

    assert.deepEqual(await runs.load(state.runId), state, "the state comes back without the lifecycle in it");
    assert.deepEqual((await runs.read(state.runId))?.value, { lifecycle, state });

    const resumed = await OwnedRun.resume(runs, state.runId, "new-instance#1");
    assert.equal(resumed?.record.lifecycle.takenOverFrom, "old-instance#1", "the old lifecycle's owner is the one taken over from");
    assert.equal(await resumed.sendOnce("approval_request", async () => "activity-2"), "already_sent", "the old send record holds");
    const { resource } = await container.item(state.runId, state.runId).read<Record<string, unknown>>();
    assert.deepEqual(
      Object.keys(resource!)
        .filter((key) => !key.startsWith("_"))
        .sort(),
      ["id", "lifecycle", "state"],
    );
    assert.equal(resource!.id, state.runId, "the same id and partition key");
  });

  it("loads a run from before the queue (no lifecycle at all) with the stage its status implies", async () => {
    const state = asStored(finishedRun({ runId: "flat-before-queue", status: "completed" }));
    await container.items.create({ ...state, id: state.runId });
    assert.deepEqual(await runs.load(state.runId), state);
    assert.deepEqual((await runs.read(state.runId))?.value.lifecycle, { stage: "delivered", owners: 0, sent: {} });
  });

  it("finds a flat run by its conversation beside one stored as today's envelope", async () => {
    const requester = { userId: "29:user-1", conversationId: "a:conv-flat-and-enveloped" };
    const flat = asStored(finishedRun({ runId: "flat-in-conversation", requester, startedAt: "2026-11-01T09:00:00.000Z" }));
    const today = asStored(finishedRun({ runId: "envelope-in-conversation", requester, startedAt: "2026-11-02T09:00:00.000Z" }));
    await container.items.create({ ...flat, id: flat.runId });
    await runs.checkpoint(today);
    const found = await runs.ofConversation(requester.conversationId);
    assert.deepEqual(
      found.map((record) => record.state),
      [flat, today],
    );
  });
});
