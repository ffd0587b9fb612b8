import assert from "node:assert/strict";
import { decideApproval } from "../../../src/approvals/decide-approval";
import { labelsFor } from "../../../src/domain";
import { cardTexts } from "../../fakes/fake-connector";
import { cardShows, postedAnswers } from "../teams/bot-harness";
import {
  APPROVER,
  STRANGER,
  TEAM_MEMBER,
  approvalInvoke,
  approvalsInAnotherProcess,
  approvalWhen,
  askNeedingApproval,
  en,
  postedCardsShowing,
  settle,
  storedApproval,
  useApprovalHarness,
  type PendingApproval,
} from "./approval-harness";

/** The approver listed in APPROVER_AAD_IDS asks a question themselves: their Entra object id is `aad-approver-1`. */
const APPROVER_AS_REQUESTER = APPROVER.aadObjectId.replace(/^aad-/, "");

describe("Approval refusals: decisions after the expiry, and the requester deciding their own request", function () {
  this.timeout(90_000);
  const suite = useApprovalHarness();

  /** The review period ended an hour ago, and nothing (the scheduler is off) marked the approval expired. */
  async function endReviewPeriod(pending: PendingApproval): Promise<void> {
    const read = await suite.harness.store.approvals.get(pending.approvalId);
    assert.ok(read);
    const written = await suite.harness.store.approvals.replace(
      { ...read.value, expiresAt: new Date(Date.now() - 3_600_000).toISOString() },
      read.etag,
    );
    assert.equal(written.kind, "written");
  }

  it("a click after expiresAt is refused with the expired card even though the scheduler never ran; the approval expires there, the requester is told once, all audited", async () => {
    const pending = await askNeedingApproval(suite.harness);
    await endReviewPeriod(pending);

    const response = await suite.harness.post(approvalInvoke(suite.harness, pending, APPROVER, "approval.approve"));
    assert.equal(response.body.type, "application/vnd.microsoft.card.adaptive");
    const texts = cardTexts(response.body.value);
    assert.ok(texts.includes(en.outcomeExpired), texts.join(" | "));
    assert.ok(texts.includes(en.decisionTooLate), "says the decision was not recorded");
    assert.ok(!texts.includes(en.outcomeApproved));

    const notice = await suite.harness.connector.waitFor(
      (a) => a.conversationId === pending.requesterConversationId && cardShows(a, en.expiredNoticeTitle),
      10_000,
      "the expiry notice",
    );
    assert.ok(notice);
    const approval = await approvalWhen(suite.harness, pending.approvalId, (a) => a.outcomeShownAt !== undefined);
    assert.equal(approval.status, "expired");
    assert.equal(approval.decision, undefined, "no decision recorded");
    assert.equal((await suite.harness.store.runs.load(approval.runId))?.status, "expired");
    const refused = approval.audit.filter((entry) => entry.outcome === "refused");
    assert.deepEqual(
      refused.map((entry) => [entry.actorAadObjectId, entry.action]),
      [[APPROVER.aadObjectId, "approval.approve"]],
    );
    assert.match(refused[0].detail, /too late: the approval expired at/);
    assert.ok(approval.audit.some((entry) => entry.action === "expire" && entry.outcome === "expired"));

    // A second approver tries Edit & approve on the now expired card: refused the same way, nothing sent again.
    const again = await suite.harness.post(
      approvalInvoke(suite.harness, pending, TEAM_MEMBER, "approval.edit", { editedText: "Go ahead." }),
    );
    assert.ok(cardTexts(again.body.value).includes(en.decisionTooLate));
    await settle();
    const final = await storedApproval(suite.harness, pending.approvalId);
    assert.equal(final.status, "expired");
    assert.equal(final.audit.filter((entry) => entry.outcome === "refused").length, 2);
    assert.equal(
      postedCardsShowing(suite.harness, pending.requesterConversationId, en.expiredNoticeTitle).length,
      1,
      "the requester is told once",
    );
    assert.equal(postedAnswers(suite.harness, pending.requesterConversationId).length, 0, "no answer after the expiry");
  });

  it("the refusal card is in the approval's language (ja)", async () => {
    const ja = labelsFor("ja");
    const pending = await askNeedingApproval(suite.harness, "Acme と ¥50,000,000 の3年間のクラウド契約を締結してよいですか？");
    await endReviewPeriod(pending);
    const response = await suite.harness.post(approvalInvoke(suite.harness, pending, APPROVER, "approval.reject", { reason: "予算超過" }));
    const texts = cardTexts(response.body.value);
    assert.ok(texts.includes(ja.outcomeExpired) && texts.includes(ja.decisionTooLate), texts.join(" | "));
  });

  it("segregation of duties: an approver cannot decide their own request (refused, audited, nothing changes); another approver can", async () => {
    const pending = await askNeedingApproval(suite.harness, undefined, { userId: APPROVER_AS_REQUESTER });
    const own = await suite.harness.post(approvalInvoke(suite.harness, pending, APPROVER, "approval.approve"));
    assert.equal(own.body.type, "application/vnd.microsoft.activity.message");
    assert.match(own.body.value, /You asked this question, so another approver must decide on it/);
    const ownEdit = await suite.harness.post(
      approvalInvoke(suite.harness, pending, APPROVER, "approval.edit", { editedText: "Approved by me." }),
    );
    assert.match(ownEdit.body.value, /another approver must decide/);

    await settle();
    const unchanged = await storedApproval(suite.harness, pending.approvalId);
    assert.equal(unchanged.status, "pending");
    assert.equal(unchanged.decision, undefined);
    const refusals = unchanged.audit.filter((entry) => entry.outcome === "refused");
    assert.deepEqual(
      refusals.map((entry) => entry.actorAadObjectId),
      [APPROVER.aadObjectId, APPROVER.aadObjectId],
    );
    assert.match(refusals[0].detail, /segregation of duties/);
    assert.equal(postedAnswers(suite.harness, pending.requesterConversationId).length, 0);

    const other = await suite.harness.post(approvalInvoke(suite.harness, pending, TEAM_MEMBER, "approval.approve"));
    assert.ok(cardTexts(other.body.value).includes(en.outcomeApproved));
    const approval = await approvalWhen(suite.harness, pending.approvalId, (a) => a.outcomeShownAt !== undefined);
    assert.equal(approval.decision?.byAadObjectId, TEAM_MEMBER.aadObjectId);
  });

  it("the requester is recognised by their channel account too, under another Entra object id", async () => {
    const pending = await askNeedingApproval(suite.harness, undefined, { userId: APPROVER_AS_REQUESTER });
    const approvals = approvalsInAnotherProcess(suite.harness);
    const click = { action: { type: "Action.Execute", verb: "approval.approve", data: { approvalId: pending.approvalId } } };
    const result = await decideApproval(approvals.deps, {
      value: click,
      // Listed as an approver under another Entra id, but the same channel account as the requester.
      actor: { aadObjectId: APPROVER.aadObjectId, userId: APPROVER_AS_REQUESTER, name: APPROVER.name, tenantId: "tenant-1" },
      membership: async () => false,
      language: "en",
    });
    assert.match(String(result.response), /another approver must decide/);
    assert.equal(result.settledApprovalId, undefined);
  });

  it("APPROVAL_SEGREGATION_OF_DUTIES=false lets an approver decide their own request (a one-person trial)", async () => {
    const pending = await askNeedingApproval(suite.harness, undefined, { userId: APPROVER_AS_REQUESTER });
    const config = { ...suite.harness.config, env: { ...suite.harness.config.env, APPROVAL_SEGREGATION_OF_DUTIES: false } };
    const approvals = approvalsInAnotherProcess(suite.harness, config);
    const result = await decideApproval(approvals.deps, {
      value: { action: { type: "Action.Execute", verb: "approval.approve", data: { approvalId: pending.approvalId } } },
      actor: { aadObjectId: APPROVER.aadObjectId, name: APPROVER.name, tenantId: "tenant-1" },
      membership: async () => false,
      language: "en",
    });
    assert.equal(result.settledApprovalId, pending.approvalId);
    assert.equal((await storedApproval(suite.harness, pending.approvalId)).status, "approved");
  });

  // At the wire, 200 clicks (each a Cosmos read and write); the pure counter takes 1,500 in test/unit/approvals/approval-audit.test.ts.
  it("200 clicks of a non-approver are counted, not appended: the record stays small and the approval pending", async () => {
    const clicks = 200;
    const pending = await askNeedingApproval(suite.harness);
    const before = JSON.stringify(await storedApproval(suite.harness, pending.approvalId)).length;
    for (let click = 0; click < clicks; click++) {
      const response = await suite.harness.post(approvalInvoke(suite.harness, pending, STRANGER, "approval.approve"));
      if (click === 0 || click === clicks - 1) assert.match(response.body.value, /Only authorised approvers/);
    }
    const after = await storedApproval(suite.harness, pending.approvalId);
    assert.equal(after.status, "pending");
    const counters = after.audit.filter((entry) => entry.actorAadObjectId === STRANGER.aadObjectId);
    // One counter per hour: two only when the clicks straddle the turn of an hour.
    assert.ok(counters.length >= 1 && counters.length <= 2, `${counters.length} entries`);
    assert.equal(
      counters.reduce((sum, entry) => sum + (entry.count ?? 1), 0),
      clicks,
      "every click is counted",
    );
    const growth = JSON.stringify(after).length - before;
    assert.ok(growth < 1000, `the record grew by ${growth} characters`);
  });
});
