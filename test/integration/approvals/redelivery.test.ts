import assert from "node:assert/strict";
import { decideApproval } from "../../../src/approvals/decide-approval";
import { REQUEUE_AFTER_MS } from "../../../src/approvals/maintenance";
import { RunMessageSchema } from "../../../src/domain";
import { OwnedRun } from "../../../src/workflow/owned-run";
import { isFinal } from "../../../src/workflow/run-status";
import { cardOf, cardTexts } from "../../fakes/fake-connector";
import { cardShows, postedAnswers, type BotHarness } from "../teams/bot-harness";
import {
  APPROVER,
  approvalsInAnotherProcess,
  approvalWhen,
  askNeedingApproval,
  en,
  settle,
  startApprovalHarness,
  storedApproval,
  type PendingApproval,
} from "./approval-harness";

const MINUTE = 60_000;

describe("An approved answer survives a crash between the decision and the delivery (the run queue redelivers)", function () {
  this.timeout(90_000);
  let harness: BotHarness;
  const approveClick = (pending: PendingApproval) => ({
    value: { action: { type: "Action.Execute", verb: "approval.approve", data: { approvalId: pending.approvalId } } },
    actor: { aadObjectId: APPROVER.aadObjectId, name: APPROVER.name, tenantId: "tenant-1" },
    membership: async () => false,
    language: "en" as const,
  });
  const answersTo = (pending: PendingApproval) => postedAnswers(harness, pending.requesterConversationId);
  const outcomeUpdates = (pending: PendingApproval) =>
    harness.connector.inConversation(pending.threadConversationId).filter((x) => x.method === "PUT");

  before(async () => {
    harness = await startApprovalHarness();
  });
  after(async () => {
    await harness?.stop();
  });

  it("a worker that took the decision's message and died resuming the run: the message comes back and the requester gets one answer", async () => {
    const pending = await askNeedingApproval(harness);
    const runId = (await storedApproval(harness, pending.approvalId)).runId;
    await harness.restart(async () => {
      // With no bot up, an approver decides (in another instance): the decision is stored and queued.
      const decided = await approvalsInAnotherProcess(harness).decide(approveClick(pending));
      assert.ok(cardTexts(decided).includes(en.outcomeApproved), "the approver sees the outcome at once");
      // A worker takes the message with a short lease, claims the run and dies before sending anything.
      const [taken] = await harness.queue.receive(1, 1);
      assert.ok(taken, "the decision is on the run queue");
      assert.deepEqual(RunMessageSchema.parse(JSON.parse(taken.body)), { kind: "approval_decided", approvalId: pending.approvalId });
      const dead = await OwnedRun.resume(harness.store.runs, runId, "dead-instance#1");
      assert.equal(dead?.state.status, "awaiting_approval", "the dead worker had not applied the decision yet");
      assert.equal(answersTo(pending).length, 0);
    });

    const answer = await harness.connector.waitFor(
      (x) => x.conversationId === pending.requesterConversationId && x.method === "POST" && cardShows(x, en.reviewed),
      20_000,
      "the approved answer after the message came back",
    );
    assert.ok(
      cardTexts(cardOf(answer)).some((t) => t.includes(en.reviewed)),
      "with the reviewed-by-an-approver line",
    );
    const approval = await approvalWhen(harness, pending.approvalId, (x) => x.outcomeShownAt !== undefined);
    assert.equal(approval.audit.filter((entry) => entry.action === "deliver").length, 1, "its outcome shown once");
    const run = (await harness.store.runs.read(runId))!.value;
    assert.deepEqual([run.state.status, isFinal(run), run.lifecycle.takenOverFrom], ["answered", true, "dead-instance#1"]);
    await settle();
    assert.equal(answersTo(pending).length, 1, "exactly one answer to the requester");
    assert.equal(outcomeUpdates(pending).length, 1, "the approver card is updated once");
    assert.ok(cardShows(outcomeUpdates(pending)[0], en.outcomeApproved), "to the outcome");
  });

  it("a decision whose queue message was never sent is queued again by the maintenance job, once its run has waited long enough", async () => {
    const pending = await askNeedingApproval(harness);
    // The decision is stored, then the process stops before queueing it.
    await decideApproval(approvalsInAnotherProcess(harness).deps, approveClick(pending));
    const decidedAt = Date.parse((await storedApproval(harness, pending.approvalId)).decision!.at);

    const soon = await approvalsInAnotherProcess(harness).runMaintenance(new Date(decidedAt + MINUTE));
    assert.equal(soon.requeued, 0, "a fresh decision's message may still be on its way");
    await settle();
    assert.equal(answersTo(pending).length, 0);

    const later = new Date(decidedAt + REQUEUE_AFTER_MS + MINUTE);
    assert.equal((await approvalsInAnotherProcess(harness).runMaintenance(later)).requeued, 1);
    const approval = await approvalWhen(harness, pending.approvalId, (x) => x.outcomeShownAt !== undefined, 20_000);
    assert.equal(approval.audit.filter((entry) => entry.action === "deliver").length, 1, "its outcome shown once");
    assert.equal(answersTo(pending).length, 1, "one answer to the requester");
    assert.equal((await harness.store.runs.load(approval.runId))?.status, "answered");

    const again = await approvalsInAnotherProcess(harness).runMaintenance(new Date(decidedAt + 3 * REQUEUE_AFTER_MS));
    assert.equal(again.requeued, 0, "a delivered approval is never queued again");
    await settle();
    assert.equal(answersTo(pending).length, 1);
  });
});
