import type { Approval } from "../domain";

/** One approval as auditors and approvers read it: who asked what, who decided what and how fast. */
export type ApprovalHistoryEntry = ReturnType<typeof historyEntry>;

export function historyEntry(approval: Approval) {
  const decision = approval.decision;
  return {
    approvalId: approval.id,
    runId: approval.runId,
    status: approval.status,
    createdAt: approval.createdAt,
    question: approval.question,
    requesterAadObjectId: approval.requester.aadObjectId ?? approval.requester.userId,
    requesterName: approval.requesterName ?? "",
    qscore: approval.qscore,
    specialists: approval.specialists,
    reasons: approval.reasons,
    decision: decision?.kind ?? ("" as const),
    decidedAt: decision?.at ?? "",
    approverAadObjectId: decision?.byAadObjectId ?? "",
    approverName: decision?.byName ?? "",
    timeToDecisionMs: decision ? Date.parse(decision.at) - Date.parse(approval.createdAt) : null,
    // Whether the approver changed the answer before approving it.
    edited: decision?.kind === "edit" && decision.before !== decision.after,
    comment: decision?.comment ?? "",
    answerBefore: decision?.before ?? "",
    answerAfter: decision?.after ?? "",
    outcomeShownAt: approval.outcomeShownAt ?? "",
    expiresAt: approval.expiresAt,
    thread: approval.approverThread ?? null,
    audit: approval.audit,
  };
}
