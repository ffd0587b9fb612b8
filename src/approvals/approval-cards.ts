import {
  approvalViewFromRun,
  buildApprovalCard,
  buildApprovalOutcomeCard,
  type AdaptiveCard,
  type ApprovalDecision as OutcomeKind,
} from "../cards";
import { SystemError, type Approval, type RunState } from "../domain";
import type { ApprovalDeps } from "./ports";

/** The approval card for the approver channel (with the reminder line when `reminderSince` is set). */
export function approvalCardFor(approval: Approval, run: RunState, context: ApprovalDeps["cards"], reminderSince?: string): AdaptiveCard {
  return buildApprovalCard(
    approvalViewFromRun(run, context.names, {
      approvalId: approval.id,
      requesterName: approval.requesterName ?? approval.requester.userId,
      threshold: context.qscoreThreshold,
      ...(reminderSince ? { reminderSince } : {}),
    }),
  );
}

/** How a decided (or expired) approval ended, in the outcome card's terms. */
export function outcomeKind(approval: Approval): OutcomeKind {
  if (approval.status === "expired") return "expired";
  if (!approval.decision) throw new SystemError(`Approval ${approval.id} is ${approval.status} without a decision`, { step: "approval" });
  return approval.decision.kind === "approve" ? "approved" : approval.decision.kind === "edit" ? "edited" : "rejected";
}

/**
 * The card that replaces the approval card for everyone: who decided, when, the comment and the final
 * text. `refusedAsTooLate` adds, for the approver who clicked after the expiry, that their decision was refused.
 */
export function outcomeCardFor(approval: Approval, refusedAsTooLate = false): AdaptiveCard {
  const kind = outcomeKind(approval);
  const decision = approval.decision;
  return buildApprovalOutcomeCard({
    language: approval.language,
    question: approval.question,
    decision: kind,
    ...(decision ? { deciderName: decision.byName } : {}),
    decidedAt: decision?.at ?? approval.expiresAt,
    ...(decision?.comment ? { comment: decision.comment } : {}),
    ...(decision && kind !== "rejected" ? { finalText: decision.after } : {}),
    ...(refusedAsTooLate ? { refusedAsTooLate } : {}),
  });
}
