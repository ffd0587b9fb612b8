import assert from "node:assert/strict";
import { LeaseLostError, type RunState } from "../../../src/domain";
import { systemClock } from "../../../src/workflow/deps";
import type { ChatModel } from "../../../src/workflow/ports";
import { newRunState } from "../../../src/workflow/runner";
import { MemoryRunStore } from "../../../src/storage/memory-run-store";
import { OwnedRun, RunLifecycle, assertStageTransition, cardFor, settleApprovedRun, stageOf } from "../../../src/workflow/run-lifecycle";

/** A run that has not started a step, as a worker creates it from a queued question. */
function newRun(runId: string): RunState {
  const offline: ChatModel = { kind: "offline", complete: () => Promise.reject(new Error("no model call in these tests")) };
  return newRunState(
    { clock: systemClock, model: offline, newRunId: () => runId, settings: { orchestration: "selective" } },
    { question: "Who approves a ¥5M purchase order?", runId },
  );
}

describe("run lifecycle", () => {
  it("allows only the declared transitions", () => {
    assertStageTransition("queued", "running");
    assertStageTransition("running", "awaiting_approval");
    assertStageTransition("awaiting_approval", "delivered");
    assertStageTransition("running", "poisoned");
    assert.throws(() => assertStageTransition("delivered", "running"), /delivered → running is not a transition/);
    assert.throws(() => assertStageTransition("queued", "delivered"));
    assert.throws(() => assertStageTransition("poisoned", "failed"));
  });

  it("claims a new run (creating it queued, then running under its owner)", async () => {
    const store = new MemoryRunStore();
    const owned = await OwnedRun.claim(store, "r1", "a#1", () => newRun("r1"));
    assert.ok(owned);
    assert.equal(owned.takeover, false);
    const stored = await store.load("r1");
    const { claimedAt, ...lifecycle } = stored!.lifecycle!;
    assert.deepEqual(lifecycle, { stage: "running", owner: "a#1", owners: 1, sent: {} });
    assert.ok(Date.now() - Date.parse(claimedAt!) < 60_000, "when the owner claimed it");
  });

  it("fences a worker that lost the run: its next checkpoint throws LeaseLostError and it sends nothing", async () => {
    const store = new MemoryRunStore();
    const first = (await OwnedRun.claim(store, "r2", "a#1", () => newRun("r2")))!;
    await first.save({ ...first.state, phase: "investigate" });
    const second = (await OwnedRun.claim(store, "r2", "b#2", () => newRun("r2")))!;
    assert.equal(second.takeover, true, "a previous owner had started it");
    assert.equal(second.state.phase, "investigate", "the new owner resumes from the last checkpoint");
    assert.equal(second.state.lifecycle?.takenOverFrom, "a#1", "whom the run was taken over from");

    await assert.rejects(first.save({ ...first.state, phase: "done", status: "completed" }), LeaseLostError);
    assert.equal(first.owned, false);
    let sends = 0;
    await assert.rejects(
      first.sendOnce("answer", async () => String(++sends)),
      LeaseLostError,
    );
    assert.equal(sends, 0, "the stale worker sent nothing");
    assert.equal((await store.load("r2"))?.phase, "investigate", "the newer checkpoint was not overwritten");
  });

  it("sends each card once: a second worker finds the recorded activity id and does not send again", async () => {
    const store = new MemoryRunStore();
    const first = (await OwnedRun.claim(store, "r3", "a#1", () => newRun("r3")))!;
    const sent: string[] = [];
    assert.equal(await first.sendOnce("answer", async () => (sent.push("a"), "activity-1")), "sent");
    // The worker dies before moving the run to `delivered`; the message comes back to another worker.
    const second = (await OwnedRun.claim(store, "r3", "b#2", () => newRun("r3")))!;
    assert.equal(await second.sendOnce("answer", async () => (sent.push("b"), "activity-2")), "already_sent");
    assert.deepEqual(sent, ["a"]);
    assert.equal((await store.load("r3"))?.lifecycle?.sent.answer?.activityId, "activity-1");
    await second.moveTo("delivered");
    assert.equal(stageOf((await store.load("r3"))!), "delivered");
    assert.equal(await OwnedRun.claim(store, "r3", "c#3", () => newRun("r3")), undefined, "a settled run needs no more work");
  });

  it("a run let go while its card is on its way (a graceful stop) still records the send: the next owner does not send again", async () => {
    const store = new MemoryRunStore();
    const first = (await OwnedRun.claim(store, "r8", "a#1", () => newRun("r8")))!;
    let arrive!: (id: string) => void;
    const sent: string[] = [];
    const sending = first.sendOnce("answer", () => new Promise<string>((resolve) => (arrive = resolve)).then((id) => (sent.push("a"), id)));
    await new Promise((resolve) => setImmediate(resolve));
    first.release();
    arrive("activity-8");
    await first.idle();
    assert.equal(await sending, "sent");
    await assert.rejects(first.save({ ...first.state, phase: "done" }), LeaseLostError, "nothing else is written once let go");
    const second = (await OwnedRun.claim(store, "r8", "b#2", () => newRun("r8")))!;
    assert.equal(await second.sendOnce("answer", async () => (sent.push("b"), "activity-9")), "already_sent");
    assert.deepEqual(sent, ["a"]);
  });

  it("picks the requester's card from how the workflow ended; a run that went to an approver only ever asks for approval here", () => {
    const run = newRun("r-card");
    assert.equal(cardFor({ ...run, status: "completed" }), "answer");
    assert.equal(cardFor({ ...run, status: "failed" }), "error");
    assert.equal(cardFor({ ...run, status: "out_of_scope" }), "out_of_scope");
    assert.equal(cardFor({ ...run, status: "needs_clarification" }), "clarification");
    const reviewed = { ...run, hitlReasons: ["amount above 10,000,000 JPY"] };
    assert.equal(cardFor({ ...reviewed, status: "awaiting_approval" }), "approval_request");
    // Settled by an approver while a redelivered message was on its way: the approvals flow sends the answer or the rejection.
    assert.equal(cardFor({ ...reviewed, status: "completed", review: { approvalId: "a-1", edited: false } }), "approval_request");
    assert.equal(cardFor({ ...reviewed, status: "failed" }), "approval_request");
  });

  it("publishes events to every subscriber and survives a failing one", async () => {
    const lines: string[] = [];
    const lifecycle = new RunLifecycle((line) => lines.push(line));
    const seen: string[] = [];
    lifecycle.subscribe(() => {
      throw new Error("broken notifier");
    });
    const stop = lifecycle.subscribe((event) => void seen.push(event.type));
    await lifecycle.publish({
      type: "poisoned",
      runId: "r4",
      correlationId: "r4",
      deliveryCount: 6,
      reason: "delivered 6 times (limit 5)",
    });
    stop();
    await lifecycle.publish({ type: "lease_lost", runId: "r5", owner: "a#1" });
    assert.deepEqual(seen, ["poisoned"]);
    assert.ok(lines.some((line) => line.includes("run r4: poisoned after 6 deliveries")));
    assert.ok(lines.some((line) => line.includes("broken notifier")));
  });

  it("settles a run that waited for an approver: status and stage move together, once, through a conditional write", async () => {
    const store = new MemoryRunStore();
    const owned = (await OwnedRun.claim(store, "r6", "a#1", () => newRun("r6")))!;
    await owned.save({ ...owned.state, status: "awaiting_approval", hitlReasons: ["amount above 10,000,000 JPY"] });
    await owned.moveTo("awaiting_approval");
    // Another writer lands between the read and the write: the run is read again and decided afresh.
    let decisions = 0;
    const settled = await settleApprovedRun(store, "r6", (run) => {
      if (decisions++ === 0) void store.checkpoint({ ...run, updatedAt: "2026-01-01T00:00:00.000Z" });
      return { ...run, status: "completed", phase: "done" };
    });
    assert.equal(decisions, 2);
    assert.equal(settled?.changed, true);
    const stored = (await store.load("r6"))!;
    assert.equal(stored.status, "completed");
    assert.equal(stageOf(stored), "delivered");
    assert.deepEqual(await settleApprovedRun(store, "r6", () => assert.fail("a settled run is not decided again")), {
      state: stored,
      changed: false,
    });

    const rejected = (await OwnedRun.claim(store, "r7", "a#1", () => newRun("r7")))!;
    await rejected.save({ ...rejected.state, status: "awaiting_approval" });
    await rejected.moveTo("awaiting_approval");
    await settleApprovedRun(store, "r7", (run) => ({
      ...run,
      status: "failed",
      failure: { message: "rejected by an approver", correlationId: "ap-7" },
    }));
    assert.equal(stageOf((await store.load("r7"))!), "failed");
    assert.equal(await settleApprovedRun(store, "missing", (run) => run), undefined);
  });
});
