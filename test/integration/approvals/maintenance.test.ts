import assert from "node:assert/strict";
import { cardOf, cardTexts } from "../../fakes/fake-connector";
import { cardShows, type BotHarness } from "../teams/bot-harness";
import { approvalsInAnotherProcess, approvalWhen, askNeedingApproval, en, startApprovalHarness, storedApproval } from "./approval-harness";

const HOUR = 3_600_000;

describe("Approval reminders and expiry (maintenance job over the same Cosmos, like the Functions timer)", function () {
  this.timeout(90_000);
  let harness: BotHarness;

  before(async () => {
    harness = await startApprovalHarness();
  });
  after(async () => {
    await harness?.stop();
  });

  it("reminds once in the approver thread (even with two schedulers at once), then expires with a notice to the requester", async () => {
    const pending = await askNeedingApproval(harness);
    const createdAt = Date.parse((await storedApproval(harness, pending.approvalId)).createdAt);

    const early = await approvalsInAnotherProcess(harness).runMaintenance(new Date(createdAt + HOUR / 2));
    assert.deepEqual(early, { reminded: 0, expired: 0, posted: 0, requeued: 0, failed: 0 }, "nothing is due yet");

    const remindAt = new Date(createdAt + HOUR + 60_000);
    const [a, b] = await Promise.all([
      approvalsInAnotherProcess(harness).runMaintenance(remindAt),
      approvalsInAnotherProcess(harness).runMaintenance(remindAt),
    ]);
    assert.equal(a.reminded + b.reminded, 1, "exactly one reminder across both schedulers");
    const inThread = harness.connector.inConversation(pending.threadConversationId);
    const replies = inThread.filter((x) => x.method === "POST");
    assert.equal(replies.length, 1, "one reply in the approver thread");
    assert.match(replies[0].activity.text ?? "", /Reminder: this answer is still waiting/);
    const updated = inThread.find((x) => x.method === "PUT");
    assert.equal(updated?.activityId, pending.thread.activityId);
    assert.ok(
      cardTexts(cardOf(updated)).some((t) => t.startsWith("⏰")),
      "the card carries the reminder line",
    );
    assert.ok(cardTexts(cardOf(updated)).includes(en.approve), "and stays actionable");
    assert.ok((await storedApproval(harness, pending.approvalId)).remindedAt);
    assert.equal((await approvalsInAnotherProcess(harness).runMaintenance(remindAt)).reminded, 0, "never reminded twice");

    const expireAt = new Date(createdAt + 2 * HOUR + 60_000);
    const [c, d] = await Promise.all([
      approvalsInAnotherProcess(harness).runMaintenance(expireAt),
      approvalsInAnotherProcess(harness).runMaintenance(expireAt),
    ]);
    assert.equal(c.expired + d.expired, 1, "expired once");
    const notice = await harness.connector.waitFor(
      (x) => x.conversationId === pending.requesterConversationId && cardShows(x, en.expiredNoticeTitle),
      10_000,
      "the expiry notice",
    );
    assert.ok(notice);
    // The approver card shows the outcome once the requester's notice is delivered.
    const outcome = await harness.connector.waitFor(
      (x) => x.conversationId === pending.threadConversationId && x.method === "PUT" && cardShows(x, en.outcomeExpired),
      10_000,
      "the approver card showing the expired outcome",
    );
    assert.ok(outcome);
    const approval = await approvalWhen(harness, pending.approvalId, (x) => x.outcomeShownAt !== undefined);
    assert.equal(approval.status, "expired");
    assert.equal((await harness.store.runs.load(approval.runId))?.status, "expired");
    assert.equal(
      harness.connector.inConversation(pending.requesterConversationId).filter((x) => cardShows(x, en.expiredNoticeTitle)).length,
      1,
      "one notice",
    );

    const late = await harness.post({
      ...harness.message(""),
      type: "invoke",
      name: "adaptiveCard/action",
      text: undefined,
      from: { id: "29:approver-1", aadObjectId: "aad-approver-1", name: "Kenji Sato" },
      conversation: { id: pending.threadConversationId, conversationType: "channel", tenantId: "tenant-1" },
      value: { action: { type: "Action.Execute", verb: "approval.approve", data: { approvalId: pending.approvalId } } },
    });
    assert.ok(cardTexts(late.body.value).includes(en.outcomeExpired), "a click after expiry shows the expired outcome and changes nothing");
    assert.equal((await storedApproval(harness, pending.approvalId)).status, "expired");
  });
});
