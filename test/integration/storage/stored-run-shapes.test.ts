import assert from "node:assert/strict";
import { loadConfig } from "../../../src/config";
import type { RunState } from "../../../src/domain";
import { openCosmosStore, type CosmosStore } from "../../../src/storage";
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
    store = await openCosmosStore(loadConfig({ NODE_ENV: "test" }), { log: () => {} });
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
