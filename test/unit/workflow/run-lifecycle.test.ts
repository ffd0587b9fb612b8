import assert from "node:assert/strict";
import { LeaseLostError, type RunState } from "../../../src/domain";
import { freshRunState } from "../../fakes/fresh-run-state";
import { MemoryRunStore } from "../../../src/storage/memory-run-store";
import { OwnedRun } from "../../../src/workflow/owned-run";
import { RunLifecycle } from "../../../src/workflow/run-lifecycle";
import { assertStageTransition, endingOf, lifecycleFromStatus, stageOf } from "../../../src/workflow/run-stages";

/** A run that has not started a step, as a worker creates it from a queued question. */
function newRun(runId: string): RunState {
  return freshRunState({ question: "Who approves a ¥5M purchase order?", runId });
}

describe("run lifecycle", () => {
  it("allows only the declared transitions", () => {
    assertStageTransition("queued", "running");
    assertStageTransition("running", "awaiting_approval");
    assertStageTransition("awaiting_approval", "running");
    assertStageTransition("running", "poisoned");
    assert.throws(() => assertStageTransition("awaiting_approval", "delivered"), /a decision resumes the run first/);
    assert.throws(() => assertStageTransition("delivered", "running"), /delivered → running is not a transition/);
    assert.throws(() => assertStageTransition("queued", "delivered"));
    assert.throws(() => assertStageTransition("poisoned", "failed"));
  });

  it("claims a new run (created already running under its owner, in one create-only write)", async () => {
    const store = new MemoryRunStore();
    const owned = await OwnedRun.claim(store, "r1", "a#1", () => newRun("r1"));
    assert.ok(owned);
    assert.equal(owned.takeover, false);
    const stored = await store.read("r1");
    const { claimedAt, ...lifecycle } = stored!.value.lifecycle;
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
    assert.equal(second.record.lifecycle.takenOverFrom, "a#1", "whom the run was taken over from");

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

  it("a worker that died mid-send: the next sends the answer again, but never a second under-review notice", async () => {
    const store = new MemoryRunStore();
    const dying = (await OwnedRun.claim(store, "r9", "a#1", () => newRun("r9")))!;
    const died = async (): Promise<string> => Promise.reject(new Error("killed mid-send"));
    await assert.rejects(dying.sendOnce("approval_request", died));
    await assert.rejects(dying.sendOnce("answer", died));
    const next = (await OwnedRun.claim(store, "r9", "b#2", () => newRun("r9")))!;
    assert.equal(
      await next.sendOnce("approval_request", async () => "notice-2"),
      "already_sent",
      "the notice may have arrived: once at most",
    );
    assert.equal(await next.sendOnce("answer", async () => "answer-2"), "sent", "a lost answer is worse than a duplicate");
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
    assert.equal((await store.read("r3"))?.value.lifecycle.sent.answer?.activityId, "activity-1");
    await second.moveTo("delivered");
    assert.equal(stageOf((await store.read("r3"))!.value), "delivered");
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

  it("picks the requester's card and the final stage from how the workflow ended, in one table", () => {
    const run = newRun("r-card");
    assert.deepEqual(endingOf({ ...run, status: "completed" }), { stage: "delivered", card: "answer" });
    assert.deepEqual(endingOf({ ...run, status: "failed" }), { stage: "failed", card: "error" });
    assert.deepEqual(endingOf({ ...run, status: "running" }), { stage: "failed", card: "error" });
    assert.deepEqual(endingOf({ ...run, status: "out_of_scope" }), { stage: "delivered", card: "out_of_scope" });
    assert.deepEqual(endingOf({ ...run, status: "needs_clarification" }), { stage: "delivered", card: "clarification" });
    assert.deepEqual(endingOf({ ...run, status: "blocked" }), { stage: "delivered", card: "blocked" });
    const held = { ...run, hitlReasons: ["amount above 10,000,000 JPY"] };
    assert.deepEqual(endingOf({ ...held, status: "awaiting_approval" }), { stage: "awaiting_approval", card: "approval_request" });
    // A run whose approval could not be stored tells the asker to try again; one that failed otherwise gets the error card …
    const notStored = { message: "approvals down", correlationId: "r-card", approvalNotStored: true as const };
    assert.deepEqual(endingOf({ ...held, status: "failed", failure: notStored }), { stage: "failed", card: "approval_unavailable" });
    assert.deepEqual(endingOf({ ...held, status: "failed" }), { stage: "failed", card: "error" });
    // … and a decision ends it with the reviewed answer, or the rejection or expiry notice.
    assert.deepEqual(endingOf({ ...held, status: "completed", approval: { id: "a-1", decision: "approved" } }), {
      stage: "delivered",
      card: "answer",
    });
    assert.deepEqual(endingOf({ ...held, status: "rejected" }), { stage: "failed", card: "approval_rejected" });
    assert.deepEqual(endingOf({ ...held, status: "expired" }), { stage: "failed", card: "approval_expired" });
  });

  it("gives a run no queue worker owns (one the CLI runs outright) the stage its status implies", () => {
    const run = newRun("r-cli");
    assert.equal(lifecycleFromStatus({ ...run, status: "running" }).stage, "running");
    assert.equal(lifecycleFromStatus({ ...run, status: "completed" }).stage, "delivered");
    assert.equal(lifecycleFromStatus({ ...run, status: "awaiting_approval" }).stage, "awaiting_approval");
    assert.equal(lifecycleFromStatus({ ...run, status: "failed" }).stage, "failed");
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

  it("a decision resumes a run waiting for its approver, once; a question message never takes a waiting run", async () => {
    const store = new MemoryRunStore();
    const owned = (await OwnedRun.claim(store, "r6", "a#1", () => newRun("r6")))!;
    await owned.save({ ...owned.state, status: "awaiting_approval", hitlReasons: ["amount above 10,000,000 JPY"] });
    await owned.moveTo("awaiting_approval");
    assert.equal(await OwnedRun.claim(store, "r6", "q#2", () => newRun("r6")), undefined, "a redelivered question finds it waiting");

    const resumed = (await OwnedRun.resume(store, "r6", "d#1"))!;
    assert.equal(resumed.stage, "running");
    assert.equal(resumed.record.lifecycle.takenOverFrom, "a#1");
    await resumed.save({ ...resumed.state, status: "completed", approval: { id: "approval-r6", decision: "approved" } });
    // The resuming worker dies here; the decision message comes back to another worker, which takes it over.
    const again = (await OwnedRun.resume(store, "r6", "d#2"))!;
    assert.equal(again.state.status, "completed", "the decision applied stays applied");
    await assert.rejects(resumed.moveTo("delivered"), LeaseLostError, "the first resumer is fenced off");
    await again.moveTo("delivered");
    assert.equal(stageOf((await store.read("r6"))!.value), "delivered");
    assert.equal(await OwnedRun.resume(store, "r6", "d#3"), undefined, "a delivered run is not resumed again");
    assert.equal(await OwnedRun.resume(store, "missing", "d#4"), undefined);

    const running = (await OwnedRun.claim(store, "r7", "a#1", () => newRun("r7")))!;
    assert.equal(await OwnedRun.resume(store, "r7", "d#1"), undefined, "a run still working is never taken by a decision");
    assert.equal(running.owned, true);
  });
});
