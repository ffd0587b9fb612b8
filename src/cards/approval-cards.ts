import { HISTORY_PAGE_VERB, MAX_EDITED_TEXT_CHARS, PENDING_REPOST_VERB } from "./actions";
import { buildAnswerBody, qscoreBadge } from "./answer-body";
import { labelsFor, MAX_COMMENT_CHARS, type Language, type TextLabelKey } from "../domain";
import { fitTemplate, type AdaptiveCard } from "./render";
import { cardDateTime, labelKey, paragraphs, truncate } from "./text";
import type { ApprovalDecision, ApprovalHistoryItemView, ApprovalHistoryView, ApprovalOutcomeView, ApprovalView } from "./view-models";
import approvalTemplate from "./templates/approval-card.json";
import outcomeTemplate from "./templates/approval-outcome-card.json";
import historyTemplate from "./templates/approval-history-card.json";
import pendingTemplate from "./templates/approval-pending-card.json";

/** Every action's data is `{ approvalId }` only; with `view.reminderSince` it carries a reminder line. */
export function buildApprovalCard(view: ApprovalView): AdaptiveCard {
  const labels = labelsFor(view.language);
  return fitTemplate(approvalTemplate, (limits) => ({
    labels,
    approvalId: view.approvalId,
    reminder: view.reminderSince ? labels.reminder(cardDateTime(view.reminderSince, view.language)) : "",
    badge: qscoreBadge(view.quality, view.language),
    requesterName: truncate(view.requesterName, 120),
    specialists: view.specialists.join(", "),
    question: paragraphs(view.question, limits.question),
    reasons: view.reasons.map((reason) => truncate(reason, limits.reason)),
    draftBody: buildAnswerBody(view.draft, view.language, limits, "draft-"),
    draftText: truncate(view.draftText, Math.min(MAX_EDITED_TEXT_CHARS, limits.finalText)),
    maxEditedChars: MAX_EDITED_TEXT_CHARS,
    maxReasonChars: MAX_COMMENT_CHARS,
  }));
}

const DECISION_COLOR: Record<ApprovalDecision, string> = { approved: "Good", edited: "Good", rejected: "Attention", expired: "Warning" };

/** Replaces the approval card for everyone once decided; `expired` is the expiry variant. */
export function buildApprovalOutcomeCard(view: ApprovalOutcomeView): AdaptiveCard {
  const labels = labelsFor(view.language);
  return fitTemplate(outcomeTemplate, (limits) => ({
    labels,
    decision: labels[labelKey("outcome", view.decision)],
    color: DECISION_COLOR[view.decision],
    question: truncate(view.question, limits.questionPreview),
    decider: view.deciderName ? truncate(view.deciderName, 120) : "",
    decidedAt: cardDateTime(view.decidedAt, view.language),
    expiredBody: view.decision === "expired" ? labels.expiredBody : "",
    tooLate: view.refusedAsTooLate ? labels.decisionTooLate : "",
    commentLabel: view.decision === "rejected" ? labels.reason : labels.comment,
    comment: view.comment ? truncate(view.comment, limits.reason) : "",
    finalText: view.finalText ? paragraphs(view.finalText, limits.finalText, 60) : [],
  }));
}

const HISTORY_DECISION: Record<ApprovalHistoryItemView["decision"], TextLabelKey> = {
  approve: "outcomeApproved",
  edit: "outcomeEdited",
  reject: "outcomeRejected",
};

/** One page of recent decisions; "next page" is an Action.Execute, so the click is authorised again. */
export function buildApprovalHistoryCard(view: ApprovalHistoryView): AdaptiveCard {
  const labels = labelsFor(view.language);
  return fitTemplate(historyTemplate, (limits) => ({
    labels,
    scope: labels.historyScope(view.query.days, view.query.supplier, view.query.page),
    items: view.items.map((item) => ({
      question: truncate(item.question, limits.questionPreview),
      requesterName: truncate(item.requesterName, 120),
      decision: labels[HISTORY_DECISION[item.decision]],
      approverName: truncate(item.approverName, 120),
      decidedAt: cardDateTime(item.decidedAt, view.language),
      timeToDecision: labels.historyDuration(Math.max(0, Math.round(item.timeToDecisionMs / 60_000))),
      edited: item.edited ? labels.yes : labels.no,
      threadLink: item.threadUrl ? `[${labels.historyOpenThread}](${item.threadUrl})` : "",
    })),
    hasMore: view.hasMore,
    verb: HISTORY_PAGE_VERB,
    next: { ...view.query, page: view.query.page + 1, language: view.language },
  }));
}

/** Each waiting approval, oldest first, with a "post again" button (Action.Execute, so the click is authorised again). */
export function buildApprovalPendingCard(view: {
  language: Language;
  items: { approvalId: string; question: string; requesterName: string; createdAt: string; threadUrl?: string }[];
}): AdaptiveCard {
  const labels = labelsFor(view.language);
  return fitTemplate(pendingTemplate, (limits) => ({
    labels,
    title: labels.pendingTitle(view.items.length),
    verb: PENDING_REPOST_VERB,
    items: view.items.map((item) => ({
      question: truncate(item.question, limits.questionPreview),
      requesterName: truncate(item.requesterName, 120),
      createdAt: cardDateTime(item.createdAt, view.language),
      threadLink: item.threadUrl ? `[${labels.historyOpenThread}](${item.threadUrl})` : "",
      repost: { approvalId: item.approvalId, language: view.language },
    })),
  }));
}
