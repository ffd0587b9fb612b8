import assert from "node:assert/strict";
import type { RunState, WorkflowEvent } from "../../../src/domain";
import { MemoryRunStore } from "../../../src/storage/memory-run-store";
import { RunWatch } from "../../../src/teams/run-watch";

function state(runId: string, events: WorkflowEvent[] = []): RunState {
  const at = "2025-06-01T09:00:00.000Z";
  return {
    schemaVersion: 1, runId, question: "q", language: "en", status: "running", phase: "investigate", attempts: 1,
    startedAt: at, updatedAt: at, offline: true, findings: [], quality: { initialScore: null, finalScore: null, retried: false },
    hitlReasons: [], usage: { inputTokens: 0, outputTokens: 0 }, events,
  };
}
const event = (runId: string, type: WorkflowEvent["type"], executor: string): WorkflowEvent => ({ type, runId, executor, at: "2025-06-01T09:00:01.000Z" });

describe("teams/run-watch", () => {
  it("gives a watcher the latest checkpoint with every event since appended, and forwards all events", async () => {
    const forwarded: WorkflowEvent[] = [];
    const watch = new RunWatch({ emit: (e) => forwarded.push(e) });
    const inner = new MemoryRunStore();
    const store = watch.observe(inner);
    const seen: RunState[] = [];
    const stop = watch.watch("run-1", (s) => seen.push(s));

    watch.sink.emit(event("run-1", "executor_started", "router"));
    assert.equal(seen.length, 0, "nothing to show before the first checkpoint");
    await store.checkpoint(state("run-1", [event("run-1", "executor_started", "router")]));
    watch.sink.emit(event("run-1", "executor_started", "contract"));
    watch.sink.emit(event("run-2", "executor_started", "spend"));

    assert.equal(seen.length, 2);
    assert.deepEqual(seen.at(-1)!.events.map((e) => `${e.type}:${e.executor}`).slice(-1), ["executor_started:contract"]);
    assert.equal(forwarded.length, 3, "every event reaches the forward sink, watched or not");
    assert.equal((await inner.load("run-1"))?.runId, "run-1", "checkpoints still reach the store");

    stop();
    watch.sink.emit(event("run-1", "executor_completed", "contract"));
    assert.equal(seen.length, 2, "no calls after stop");
  });

  it("keeps a throwing listener from breaking the run", async () => {
    const watch = new RunWatch({ emit: () => undefined });
    watch.watch("run-1", () => {
      throw new Error("boom");
    });
    await watch.observe(new MemoryRunStore()).checkpoint(state("run-1"));
    watch.sink.emit(event("run-1", "executor_started", "contract"));
  });
});
