import { HISTORY_PAGE_VERB, MAX_EDITED_TEXT_CHARS, PENDING_REPOST_VERB } from "./actions";
import { buildAnswerBody, qscoreBadge } from "./answer-body";
import { labelsFor, MAX_COMMENT_CHARS, type Approval, type CardLabels, type Language, type TextLabelKey } from "../domain";
import { fitTemplate, type AdaptiveCard } from "./render";
import { cardDateTime, labelKey, paragraphs, truncate } from "./text";
import type { ApprovalDecision, ApprovalHistoryView, ApprovalOutcomeView, ApprovalView } from "./view-models";
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

type HistoryEntry = ApprovalHistoryView["entries"][number];
type DecidedEntry = HistoryEntry & { decision: Exclude<HistoryEntry["decision"], "">; timeToDecisionMs: number };

const HISTORY_DECISION: Record<DecidedEntry["decision"], TextLabelKey> = {
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
    // The listing holds decided approvals only; the check keeps an undecided one off the card all the same.
    items: view.entries
      .filter((entry): entry is DecidedEntry => entry.decision !== "" && entry.timeToDecisionMs !== null)
      .map((entry) => ({
        question: truncate(entry.question, limits.questionPreview),
        // A name the record lacks: the person's id.
        requesterName: truncate(entry.requesterName || entry.requesterAadObjectId, 120),
        decision: labels[HISTORY_DECISION[entry.decision]],
        approverName: truncate(entry.approverName || entry.approverAadObjectId, 120),
        decidedAt: cardDateTime(entry.decidedAt, view.language),
        timeToDecision: labels.historyDuration(Math.max(0, Math.round(entry.timeToDecisionMs / 60_000))),
        edited: entry.edited ? labels.yes : labels.no,
        threadLink: threadLink(labels, entry.thread),
      })),
    hasMore: view.hasMore,
    verb: HISTORY_PAGE_VERB,
    next: { ...view.query, page: view.query.page + 1, language: view.language },
  }));
}

/** Each waiting approval, oldest first, with a "post again" button (Action.Execute, so the click is authorised again). */
export function buildApprovalPendingCard(language: Language, approvals: readonly Approval[]): AdaptiveCard {
  const labels = labelsFor(language);
  return fitTemplate(pendingTemplate, (limits) => ({
    labels,
    title: labels.pendingTitle(approvals.length),
    verb: PENDING_REPOST_VERB,
    items: approvals.map((approval) => ({
      question: truncate(approval.question, limits.questionPreview),
      requesterName: truncate(approval.requesterName ?? approval.requester.userId, 120),
      createdAt: cardDateTime(approval.createdAt, language),
      threadLink: threadLink(labels, approval.approverThread),
      repost: { approvalId: approval.id, language },
    })),
  }));
}

/** A Teams deep link to an approval's thread in the approver channel: the thread is `<channel>;messageid=<root>`, the root its activity. */
function threadLink(labels: CardLabels, thread: { conversationId: string; activityId: string } | null | undefined): string {
  if (!thread) return "";
  const channelId = encodeURIComponent(thread.conversationId.split(";messageid=")[0] ?? thread.conversationId);
  const messageId = encodeURIComponent(thread.activityId);
  return `[${labels.historyOpenThread}](https://teams.microsoft.com/l/message/${channelId}/${messageId}?parentMessageId=${messageId})`;
}
