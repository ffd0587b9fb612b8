import assert from "node:assert/strict";
import { MAX_AUDIT_ENTRIES, withAudit } from "../../../src/approvals/approval-record";
import { ApprovalSchema, type Approval, type ApprovalAuditEntry } from "../../../src/domain";

const created = "2026-11-27T04:00:00.000Z";
const approval: Approval = ApprovalSchema.parse({
  id: "approval-run-1",
  schemaVersion: 1,
  runId: "run-1",
  status: "pending",
  requester: { userId: "user-1", aadObjectId: "aad-user-1", conversationId: "personal-1" },
  question: "Can we sign a ¥50,000,000 contract with Acme?",
  language: "en",
  draft: {
    hitl: true,
    hitlReason: "commitment",
    conclusion: "Yes, within the cap.",
    rationale: [],
    findings: [],
    nextActions: [],
    qscore: 90,
    critique: "",
  },
  qscore: 90,
  specialists: ["contract"],
  reasons: ["policy: amount"],
  createdAt: created,
  expiresAt: "2026-11-30T04:00:00.000Z",
  audit: [{ at: created, actorAadObjectId: "aad-user-1", action: "request", outcome: "pending", detail: "Yes, within the cap." }],
});

/** A non-approver's refused click at `at`. */
const refusedClick = (at: string, actor = "aad-stranger", action = "approval.approve"): ApprovalAuditEntry => ({
  at,
  actorAadObjectId: actor,
  action,
  outcome: "refused",
  detail: "not in APPROVER_AAD_IDS and not a member of the approver team",
});

/** The time `seconds` after the approval was created. */
const after = (seconds: number) => new Date(Date.parse(created) + seconds * 1000).toISOString();

describe("approvals/approval-record: a bounded audit", () => {
  it("1,500 refused clicks of one person within an hour are one counter entry: the record stays small", () => {
    let current = approval;
    for (let click = 0; click < 1500; click++) current = withAudit(current, refusedClick(after(click * 2)));
    assert.equal(current.audit.length, 2, "the request and one counter");
    assert.deepEqual(current.audit[1], { ...refusedClick(after(0)), count: 1500, lastAt: after(2998) });
    const growth = JSON.stringify(current).length - JSON.stringify(approval).length;
    assert.ok(growth < 400, `the record grew by ${growth} characters`);
  });

  it("counts per person, action and hour: another person, another verb or the next hour starts a new counter", () => {
    let current = approval;
    current = withAudit(current, refusedClick(after(1)));
    current = withAudit(current, refusedClick(after(2)));
    current = withAudit(current, refusedClick(after(3), "aad-other"));
    current = withAudit(current, refusedClick(after(4), "aad-stranger", "approval.reject"));
    current = withAudit(current, refusedClick(after(3600)));
    assert.deepEqual(
      current.audit.slice(1).map((entry) => [entry.actorAadObjectId, entry.action, entry.at, entry.count ?? 1]),
      [
        ["aad-stranger", "approval.approve", after(1), 2],
        ["aad-other", "approval.approve", after(3), 1],
        ["aad-stranger", "approval.reject", after(4), 1],
        ["aad-stranger", "approval.approve", after(3600), 1],
      ],
    );
  });

  it(`keeps at most ${MAX_AUDIT_ENTRIES} entries, dropping the oldest clicks that changed nothing, never the request or the decision`, () => {
    let current = withAudit(approval, {
      at: after(1),
      actorAadObjectId: "aad-kenji",
      action: "approval.approve",
      outcome: "approved",
      detail: "aad_id",
    });
    // 300 people (or one person over 300 hours) each refused once.
    for (let person = 0; person < 300; person++) current = withAudit(current, refusedClick(after(10 + person), `aad-stranger-${person}`));
    assert.equal(current.audit.length, MAX_AUDIT_ENTRIES);
    assert.deepEqual(
      current.audit.slice(0, 2).map((entry) => entry.outcome),
      ["pending", "approved"],
      "the request and the decision stay",
    );
    assert.equal(current.audit.at(-1)?.actorAadObjectId, "aad-stranger-299", "the newest refusal is kept");
    assert.equal(current.auditDropped, 300 - (MAX_AUDIT_ENTRIES - 2), "what was dropped is counted");
  });
});
