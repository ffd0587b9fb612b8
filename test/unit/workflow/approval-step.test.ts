import assert from "node:assert/strict";
import { runAfterDecision } from "../../../src/workflow/steps/approval-step";
import type { Approval, RunState } from "../../../src/domain";

const answer = {
  conclusion: "Renew at +5% at most.",
  rationale: [{ point: "The contract caps increases at 5%.", citations: ["CTR-0001"] }],
  findings: [],
  nextActions: ["Send the notice by 2026-12-02."],
  qscore: 84,
  hitl: true,
  hitlReason: "commitment above threshold",
};
const reasons = ["amount above the threshold"];
const run = {
  runId: "r1",
  status: "awaiting_approval",
  answer,
  approval: { reasons },
  updatedAt: "2026-01-01T00:00:00.000Z",
} as unknown as RunState;
const decision = (kind: "approve" | "edit" | "reject", after: string, comment?: string) => ({
  byAadObjectId: "a1",
  byName: "Kenji",
  at: "2026-01-01T01:00:00.000Z",
  kind,
  before: "draft",
  after,
  ...(comment ? { comment } : {}),
});
const approval = (status: Approval["status"], d?: ReturnType<typeof decision>) =>
  ({ id: "approval-r1", status, ...(d ? { decision: d } : {}) }) as unknown as Approval;
const AT = "2026-01-01T01:00:01.000Z";

describe("The approval node applying a decision (runAfterDecision)", () => {
  it("an approval completes the run with the moderator's answer", () => {
    const final = runAfterDecision(run, approval("approved", decision("approve", "draft")), AT);
    assert.equal(final.status, "answered");
    assert.equal(final.endedAt, AT);
    assert.deepEqual(final.answer, answer);
    assert.deepEqual(final.approval, { reasons, id: "approval-r1", decision: "approved" }, "the run remembers it was reviewed, and why");
  });

  it("an edit completes the run with the approver's text as the answer, without the draft's rationale, findings and next actions", () => {
    const final = runAfterDecision(run, approval("approved", decision("edit", "Only +3%.")), AT);
    assert.equal(final.status, "answered");
    assert.equal(final.answer?.conclusion, "Only +3%.");
    assert.deepEqual(final.answer?.rationale, []);
    assert.deepEqual(final.answer?.findings, []);
    assert.deepEqual(final.answer?.nextActions, []);
    assert.deepEqual(final.approval, { reasons, id: "approval-r1", decision: "edited" });
  });

  it("a rejection or an expiry ends the run as such, with the approver's reason for the rejection notice", () => {
    const rejected = runAfterDecision(run, approval("rejected", decision("reject", "", "no")), AT);
    assert.deepEqual(
      [rejected.status, rejected.approval],
      ["rejected", { reasons, id: "approval-r1", decision: "rejected", reason: "no" }],
    );
    const expired = runAfterDecision(run, approval("expired"), AT);
    assert.deepEqual([expired.status, expired.approval], ["expired", { reasons, id: "approval-r1", decision: "expired" }]);
    assert.equal(rejected.failure, undefined, "nothing failed: the approver decided");
  });
});
