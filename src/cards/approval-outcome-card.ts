import { labelsFor, type TextLabelKey } from "../domain";
import { textLimits } from "./limits";
import { type AdaptiveCard, expandTemplate, fitCard } from "./render";
import { cardDateTime, paragraphs, truncate } from "./text";
import type { ApprovalDecision, ApprovalOutcomeView } from "./view-models";
import template from "./templates/approval-outcome-card.json";

const DECISION: Record<ApprovalDecision, { label: TextLabelKey; color: string }> = {
  approved: { label: "outcomeApproved", color: "Good" },
  edited: { label: "outcomeEdited", color: "Good" },
  rejected: { label: "outcomeRejected", color: "Attention" },
  expired: { label: "outcomeExpired", color: "Warning" },
};

/** Replaces the approval card for everyone once decided; `expired` is the expiry variant. */
export function buildApprovalOutcomeCard(view: ApprovalOutcomeView): AdaptiveCard {
  const labels = labelsFor(view.language);
  const decision = DECISION[view.decision];
  return fitCard((scale) => {
    const limits = textLimits(scale);
    return expandTemplate<AdaptiveCard>(template, {
      labels,
      decision: labels[decision.label],
      color: decision.color,
      question: truncate(view.question, limits.questionPreview),
      decider: view.deciderName ? truncate(view.deciderName, 120) : "",
      decidedAt: cardDateTime(view.decidedAt, view.language),
      expiredBody: view.decision === "expired" ? labels.expiredBody : "",
      tooLate: view.refusedAsTooLate ? labels.decisionTooLate : "",
      commentLabel: view.decision === "rejected" ? labels.reason : labels.comment,
      comment: view.comment ? truncate(view.comment, limits.reason) : "",
      finalText: view.finalText ? paragraphs(view.finalText, limits.finalText, 60) : [],
    });
  });
}
