import { HISTORY_PAGE_VERB } from "./actions";
import { labelsFor, type TextLabelKey } from "../domain";
import { textLimits } from "./limits";
import { type AdaptiveCard, expandTemplate, fitCard } from "./render";
import { cardDateTime, truncate } from "./text";
import type { ApprovalHistoryItemView, ApprovalHistoryView } from "./view-models";
import template from "./templates/approval-history-card.json";

const DECISION: Record<ApprovalHistoryItemView["decision"], TextLabelKey> = {
  approve: "outcomeApproved",
  edit: "outcomeEdited",
  reject: "outcomeRejected",
};

/** One page of recent decisions; "next page" is an Action.Execute, so the click is authorised again. */
export function buildApprovalHistoryCard(view: ApprovalHistoryView): AdaptiveCard {
  const labels = labelsFor(view.language);
  return fitCard((scale) => {
    const limits = textLimits(scale);
    return expandTemplate<AdaptiveCard>(template, {
      labels,
      scope: labels.historyScope(view.days, view.supplier, view.page),
      items: view.items.map((item) => ({
        question: truncate(item.question, limits.questionPreview),
        requesterName: truncate(item.requesterName, 120),
        decision: labels[DECISION[item.decision]],
        approverName: truncate(item.approverName, 120),
        decidedAt: cardDateTime(item.decidedAt, view.language),
        timeToDecision: labels.historyDuration(Math.max(0, Math.round(item.timeToDecisionMs / 60_000))),
        edited: item.edited ? labels.yes : labels.no,
        threadLink: item.threadUrl ? `[${labels.historyOpenThread}](${item.threadUrl})` : "",
      })),
      hasMore: view.hasMore,
      verb: HISTORY_PAGE_VERB,
      next: { days: view.days, ...(view.supplier ? { supplier: view.supplier } : {}), page: view.page + 1, language: view.language },
    });
  });
}
