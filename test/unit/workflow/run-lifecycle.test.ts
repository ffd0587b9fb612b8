import assert from "node:assert/strict";
import { LeaseLostError, type RunState } from "../../../src/domain";
import { freshRunState } from "../../fakes/fresh-run-state";
import { MemoryRunStore } from "../../../src/storage/memory-run-store";
import { OwnedRun } from "../../../src/workflow/owned-run";
import { RunLifecycle } from "../../../src/workflow/run-lifecycle";
import { cardFor, isFinal, isSettled } from "../../../src/workflow/run-status";

/** A run that has not started a step, as a worker creates it from a queued question. */
function newRun(runId: string): RunState {
  return freshRunState({ question: "Who approves a ¥5M purchase order?", runId });
}

describe("run lifecycle", () => {
  it("settles a run once its status's card went out; it is final unless it waits for an approver", () => {
    const run = newRun("r0");
    const sent = { claimedBy: "a#1", claimedAt: "2026-11-21T09:00:00.000Z", activityId: "activity-0" };
    const record = (status: RunState["status"], cards: Partial<Record<"answer" | "approval_request" | "error", typeof sent>> = {}) => ({
      lifecycle: { owners: 1, sent: cards },
      state: { ...run, status },
    });
    assert.equal(isSettled(record("queued")), false);
    assert.equal(isSettled(record("running")), false);
    assert.equal(isSettled(record("answered")), false, "ended, but its card is not sent yet: a worker still has to send it");
    assert.equal(isFinal(record("answered", { answer: sent })), true);
    assert.equal(isSettled(record("awaiting_approval", { approval_request: sent })), true, "a question finds nothing to do");
    assert.equal(isFinal(record("awaiting_approval", { approval_request: sent })), false, "a decision resumes it");
    assert.equal(isFinal(record("poisoned")), true, "its message was set aside, card or not");
  });

  it("claims a new run (created already running under its owner, in one create-only write)", async () => {
    const store = new MemoryRunStore();
    const owned = await OwnedRun.claim(store, "r1", "a#1", () => newRun("r1"));
    assert.ok(owned);
    assert.equal(owned.takeover, false);
    const stored = await store.read("r1");
    const { claimedAt, ...lifecycle } = stored!.value.lifecycle;
    assert.deepEqual(lifecycle, { owner: "a#1", owners: 1, sent: {} });
    assert.equal(stored!.value.state.status, "running");
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

    await assert.rejects(first.save({ ...first.state, phase: "done", status: "answered" }), LeaseLostError);
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
    // The worker dies before writing the run's ending status; the message comes back to another worker.
    const second = (await OwnedRun.claim(store, "r3", "b#2", () => newRun("r3")))!;
    assert.equal(await second.sendOnce("answer", async () => (sent.push("b"), "activity-2")), "already_sent");
    assert.deepEqual(sent, ["a"]);
    assert.equal((await store.read("r3"))?.value.lifecycle.sent.answer?.activityId, "activity-1");
    await second.save({ ...second.state, status: "answered", phase: "done" });
    assert.equal(isFinal((await store.read("r3"))!.value), true);
    assert.equal(await OwnedRun.claim(store, "r3", "c#3", () => newRun("r3")), undefined, "a settled run needs no more work");
  });

  it("a run whose workflow ended but whose card was never sent is claimed again, to send it", async () => {
    const store = new MemoryRunStore();
    const first = (await OwnedRun.claim(store, "r10", "a#1", () => newRun("r10")))!;
    await first.save({ ...first.state, status: "answered", phase: "done" });
    // The worker dies before sending the answer.
    const second = await OwnedRun.claim(store, "r10", "b#2", () => newRun("r10"));
    assert.ok(second, "the answer still has to go out");
    assert.equal(second.state.status, "answered", "the claim keeps the ended status");
    assert.equal(await second.sendOnce(cardFor(second.state), async () => "activity-10"), "sent");
    assert.equal(await OwnedRun.claim(store, "r10", "c#3", () => newRun("r10")), undefined);
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

  it("picks the requester's card from how the workflow ended, in one table", () => {
    const run = newRun("r-card");
    assert.equal(cardFor({ ...run, status: "answered" }), "answer");
    assert.equal(cardFor({ ...run, status: "failed" }), "error");
    assert.equal(cardFor({ ...run, status: "running" }), "error");
    assert.equal(cardFor({ ...run, status: "poisoned" }), "error");
    assert.equal(cardFor({ ...run, status: "out_of_scope" }), "out_of_scope");
    assert.equal(cardFor({ ...run, status: "needs_clarification" }), "clarification");
    assert.equal(cardFor({ ...run, status: "blocked" }), "blocked");
    const held = { ...run, approval: { reasons: ["amount above 10,000,000 JPY"] } };
    assert.equal(cardFor({ ...held, status: "awaiting_approval" }), "approval_request");
    // A run whose approval could not be stored tells the asker to try again; one that failed otherwise gets the error card …
    const notStored = { message: "approvals down", correlationId: "r-card", approvalNotStored: true as const };
    assert.equal(cardFor({ ...held, status: "failed", failure: notStored }), "approval_unavailable");
    assert.equal(cardFor({ ...held, status: "failed" }), "error");
    // … and a decision ends it with the reviewed answer, or the rejection or expiry notice.
    assert.equal(
      cardFor({ ...held, status: "answered", approval: { reasons: ["amount above the threshold"], id: "a-1", decision: "approved" } }),
      "answer",
    );
    assert.equal(cardFor({ ...held, status: "rejected" }), "approval_rejected");
    assert.equal(cardFor({ ...held, status: "expired" }), "approval_expired");
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
    await owned.save({ ...owned.state, status: "awaiting_approval", approval: { reasons: ["amount above 10,000,000 JPY"] } });
    await owned.sendOnce("approval_request", async () => "notice-6");
    assert.equal(await OwnedRun.claim(store, "r6", "q#2", () => newRun("r6")), undefined, "a redelivered question finds it waiting");

    const resumed = (await OwnedRun.resume(store, "r6", "d#1"))!;
    assert.equal(resumed.record.lifecycle.owner, "d#1");
    assert.equal(resumed.record.lifecycle.takenOverFrom, "a#1");
    await resumed.save({
      ...resumed.state,
      status: "answered",
      approval: { reasons: ["amount above the threshold"], id: "approval-r6", decision: "approved" },
    });
    // The resuming worker dies here; the decision message comes back to another worker, which takes it over.
    const again = (await OwnedRun.resume(store, "r6", "d#2"))!;
    assert.equal(again.state.status, "answered", "the decision applied stays applied");
    await assert.rejects(
      resumed.sendOnce("answer", async () => "answer-6a"),
      LeaseLostError,
      "the first resumer is fenced off",
    );
    await again.sendOnce("answer", async () => "answer-6b");
    assert.equal(isFinal((await store.read("r6"))!.value), true);
    assert.equal(await OwnedRun.resume(store, "r6", "d#3"), undefined, "a delivered run is not resumed again");
    assert.equal(await OwnedRun.resume(store, "missing", "d#4"), undefined);

    const running = (await OwnedRun.claim(store, "r7", "a#1", () => newRun("r7")))!;
    assert.equal(await OwnedRun.resume(store, "r7", "d#1"), undefined, "a run still working is never taken by a decision");
    assert.equal(running.owned, true);
  });
});
