import assert from "node:assert/strict";
import { decideApproval } from "../../../src/approvals/decide-approval";
import { MAX_DELIVERY_ATTEMPTS } from "../../../src/approvals/maintenance";
import { cardOf, cardTexts } from "../../fakes/fake-connector";
import { cardShows, postedAnswers, type BotHarness } from "../teams/bot-harness";
import {
  APPROVER,
  approvalsInAnotherProcess,
  approvalWhen,
  askNeedingApproval,
  en,
  startApprovalHarness,
  storedApproval,
  type PendingApproval,
} from "./approval-harness";

const MINUTE = 60_000;

describe("Approval delivery survives a crash between the decision and the send (maintenance re-sends once)", function () {
  this.timeout(90_000);
  let harness: BotHarness;
  const approveClick = (pending: PendingApproval) => ({
    value: { action: { type: "Action.Execute", verb: "approval.approve", data: { approvalId: pending.approvalId } } },
    actor: { aadObjectId: APPROVER.aadObjectId, name: APPROVER.name, tenantId: "tenant-1" },
    membership: async () => false,
    language: "en" as const,
  });
  const answersTo = (pending: PendingApproval) => postedAnswers(harness, pending.requesterConversationId);

  before(async () => {
    harness = await startApprovalHarness();
  });
  after(async () => {
    await harness?.stop();
  });

  it("a process that stopped right after storing the decision: maintenance delivers once, even with two passes at once", async () => {
    const pending = await askNeedingApproval(harness);
    // The decision is stored, then the process stops before it settles (no delivery, no card update).
    const crashed = approvalsInAnotherProcess(harness);
    const decided = await decideApproval(crashed.deps, approveClick(pending));
    assert.equal(decided.settledApprovalId, pending.approvalId);
    const stopped = await storedApproval(harness, pending.approvalId);
    assert.deepEqual([stopped.status, stopped.delivery], ["approved", { status: "pending", attempts: 0 }]);
    const decidedAt = Date.parse(stopped.decision!.at);

    const soon = await approvalsInAnotherProcess(harness).runMaintenance(new Date(decidedAt + MINUTE / 2));
    assert.equal(soon.redelivered, 0, "a fresh decision is left to its live delivery");
    assert.equal(answersTo(pending).length, 0);

    const later = new Date(decidedAt + 2 * MINUTE);
    const [a, b] = await Promise.all([
      approvalsInAnotherProcess(harness).runMaintenance(later),
      approvalsInAnotherProcess(harness).runMaintenance(later),
    ]);
    assert.equal(a.redelivered + b.redelivered, 1, `exactly one pass delivers: ${JSON.stringify([a, b])}`);
    assert.equal(a.failed + b.failed, 0);
    const answers = answersTo(pending);
    assert.equal(answers.length, 1, "one answer to the requester");
    assert.ok(
      cardTexts(cardOf(answers[0])).some((t) => t.includes(en.reviewed)),
      "with the reviewed-by-an-approver line",
    );
    const updates = harness.connector.inConversation(pending.threadConversationId).filter((x) => x.method === "PUT");
    assert.equal(updates.length, 1);
    assert.ok(cardShows(updates[0], en.outcomeApproved), "the approver card shows the outcome");

    const approval = await storedApproval(harness, pending.approvalId);
    assert.equal(approval.delivery.status, "delivered");
    assert.equal(approval.delivery.attempts, 1);
    assert.equal(approval.delivery.claimedAt, later.toISOString());
    assert.equal((await harness.store.runs.load(approval.runId))?.status, "completed");

    const again = await approvalsInAnotherProcess(harness).runMaintenance(new Date(decidedAt + 10 * MINUTE));
    assert.equal(again.redelivered, 0, "a delivered approval is never sent again");
    assert.equal(answersTo(pending).length, 1);
  });

  it("a delivery that failed while Teams was down is retried by a later pass, once the claim is stale", async () => {
    const pending = await askNeedingApproval(harness);
    const live = approvalsInAnotherProcess(harness);
    harness.connector.failNext(
      2,
      (method, path) => method === "POST" && decodeURIComponent(path).includes(pending.requesterConversationId),
      400,
    );
    await live.service.decide(approveClick(pending));
    assert.equal(await live.service.drain(10_000), true);
    const failed = await approvalWhen(harness, pending.approvalId, (x) => x.delivery.status !== "pending");
    assert.deepEqual([failed.delivery.status, failed.delivery.attempts], ["failed", 2]);
    assert.equal(answersTo(pending).length, 0);
    const claimedAt = Date.parse(failed.delivery.claimedAt!);

    assert.equal(
      (await approvalsInAnotherProcess(harness).runMaintenance(new Date(claimedAt + MINUTE / 2))).redelivered,
      0,
      "the claim is still fresh",
    );
    const result = await approvalsInAnotherProcess(harness).runMaintenance(new Date(claimedAt + 2 * MINUTE));
    assert.equal(result.redelivered, 1);
    const approval = await storedApproval(harness, pending.approvalId);
    assert.deepEqual([approval.delivery.status, approval.delivery.attempts], ["delivered", 3]);
    assert.equal(answersTo(pending).length, 1);
  });

  it(`gives up after ${MAX_DELIVERY_ATTEMPTS} sends: such an approval is left for operators`, async () => {
    const pending = await askNeedingApproval(harness);
    const crashed = approvalsInAnotherProcess(harness);
    await decideApproval(crashed.deps, approveClick(pending));
    const read = (await harness.store.approvals.get(pending.approvalId))!;
    const exhausted = { ...read.value, delivery: { status: "failed" as const, attempts: MAX_DELIVERY_ATTEMPTS } };
    assert.equal((await harness.store.approvals.replace(exhausted, read.etag)).kind, "written");

    const result = await approvalsInAnotherProcess(harness).runMaintenance(new Date(Date.now() + 10 * MINUTE));
    assert.equal(result.redelivered, 0);
    assert.equal(answersTo(pending).length, 0);
    assert.equal((await storedApproval(harness, pending.approvalId)).delivery.status, "failed");
  });

  it("counts a pass that cannot send at all (the run record is gone) as an attempt, so the bound ends its retries", async () => {
    const pending = await askNeedingApproval(harness);
    await decideApproval(approvalsInAnotherProcess(harness).deps, approveClick(pending));
    const read = (await harness.store.approvals.get(pending.approvalId))!;
    const orphan = {
      ...read.value,
      runId: "run-that-was-never-stored",
      delivery: { status: "failed" as const, attempts: MAX_DELIVERY_ATTEMPTS - 2 },
    };
    assert.equal((await harness.store.approvals.replace(orphan, read.etag)).kind, "written");

    let at = Date.now() + 10 * MINUTE;
    const passes = [];
    for (let pass = 0; pass < 3; pass++, at += 10 * MINUTE)
      passes.push(await approvalsInAnotherProcess(harness).runMaintenance(new Date(at)));
    assert.deepEqual(
      passes.map((p) => p.failed),
      [1, 1, 0],
      "two failed passes, then left alone",
    );
    const left = await storedApproval(harness, pending.approvalId);
    assert.deepEqual([left.delivery.status, left.delivery.attempts], ["failed", MAX_DELIVERY_ATTEMPTS]);
    assert.match(left.audit.at(-1)!.detail ?? "", /run-that-was-never-stored/, "the audit names the cause");
    assert.equal(answersTo(pending).length, 0);
  });
});
