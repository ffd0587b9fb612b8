/** View models of the cards that report approvals already decided: the outcome card and the history card. */
import type { Language } from "../domain";

export type ApprovalDecision = "approved" | "edited" | "rejected" | "expired";

export interface ApprovalOutcomeView {
  language: Language;
  question: string;
  decision: ApprovalDecision;
  deciderName?: string;
  decidedAt: string;
  comment?: string;
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
  edited: boolean;
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
