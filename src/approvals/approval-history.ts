import type { Approval, ApprovalAuditEntry } from "../domain";

/** One approval as auditors and approvers read it: who asked what, who decided what and how fast. */
export interface ApprovalHistoryEntry {
  approvalId: string;
  runId: string;
  status: Approval["status"];
  createdAt: string;
  question: string;
  requesterAadObjectId: string;
  requesterName: string;
  qscore: number;
  specialists: string[];
  reasons: string[];
  decision: "approve" | "edit" | "reject" | "";
  decidedAt: string;
  approverAadObjectId: string;
  approverName: string;
  /** From the request to the decision; null while undecided (or expired). */
  timeToDecisionMs: number | null;
  /** Whether the approver changed the answer before approving it. */
  edited: boolean;
  comment: string;
  answerBefore: string;
  answerAfter: string;
  outcomeShownAt: string;
  expiresAt: string;
  /** The approval's thread in the approver channel, when it was posted. */
  thread: Approval["approverThread"] | null;
  audit: ApprovalAuditEntry[];
}

/** An approval's history entry. */
export function historyEntry(approval: Approval): ApprovalHistoryEntry {
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
    decision: decision?.kind ?? "",
    decidedAt: decision?.at ?? "",
    approverAadObjectId: decision?.byAadObjectId ?? "",
    approverName: decision?.byName ?? "",
    timeToDecisionMs: decision ? Date.parse(decision.at) - Date.parse(approval.createdAt) : null,
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
