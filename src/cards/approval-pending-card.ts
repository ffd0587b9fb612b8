import { PENDING_REPOST_VERB } from "./actions";
import { labelsFor } from "../domain";
import { textLimits } from "./limits";
import { type AdaptiveCard, expandTemplate, fitCard } from "./render";
import { cardDateTime, truncate } from "./text";
import type { ApprovalPendingView } from "./approval-outcome-views";
import template from "./templates/approval-pending-card.json";

/** Each waiting approval, oldest first, with a "post again" button (Action.Execute, so the click is authorised again). */
export function buildApprovalPendingCard(view: ApprovalPendingView): AdaptiveCard {
  const labels = labelsFor(view.language);
  return fitCard((scale) => {
    const limits = textLimits(scale);
    return expandTemplate<AdaptiveCard>(template, {
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
    });
  });
}
