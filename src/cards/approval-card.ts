import { MAX_COMMENT_CHARS, MAX_EDITED_TEXT_CHARS } from "./actions";
import { buildAnswerBody, qscoreBadge } from "./answer-body";
import { labelsFor } from "../domain";
import { textLimits } from "./limits";
import { type AdaptiveCard, expandTemplate, fitCard } from "./render";
import { cardDateTime, paragraphs, truncate } from "./text";
import type { ApprovalView } from "./view-models";
import template from "./templates/approval-card.json";

/** Every action's data is `{ approvalId }` only; with `view.reminderSince` it carries a reminder line. */
export function buildApprovalCard(view: ApprovalView): AdaptiveCard {
  const labels = labelsFor(view.language);
  return fitCard((scale) => {
    const limits = textLimits(scale);
    return expandTemplate<AdaptiveCard>(template, {
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
    });
  });
}
