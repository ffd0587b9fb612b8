/** View models of the cards that report approvals already decided: the outcome card and the history card. */
import type { Language } from "../domain";

export type ApprovalDecision = "approved" | "edited" | "rejected" | "expired";

/** The card that replaces the approval card for everyone once it is decided (or expired). */
export interface ApprovalOutcomeView {
  language: Language;
  question: string;
  decision: ApprovalDecision;
  /** Display name of the approver; absent for `expired`. */
  deciderName?: string;
  decidedAt: string;
  comment?: string;
  /** What the requester received (the approved or edited answer); absent when rejected or expired. */
  finalText?: string;
  /** Shown to an approver whose click came after the expiry: their decision was refused. */
  refusedAsTooLate?: boolean;
}

export interface ApprovalHistoryItemView {
  question: string;
  requesterName: string;
  decision: "approve" | "edit" | "reject";
  approverName: string;
  decidedAt: string;
  timeToDecisionMs: number;
  /** Whether the approver changed the answer before approving it. */
  edited: boolean;
  /** A link that opens the approval's thread in the approver channel, when it was posted. */
  threadUrl?: string;
}

export interface ApprovalHistoryView {
  language: Language;
  days: number;
  supplier?: string;
  page: number;
  items: ApprovalHistoryItemView[];
  hasMore: boolean;
}

export interface ApprovalPendingView {
  language: Language;
  items: { approvalId: string; question: string; requesterName: string; createdAt: string; threadUrl?: string }[];
}
