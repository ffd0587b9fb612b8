import { MAX_COMMENT_CHARS, MAX_FOLLOW_UP_CHARS } from "./actions";
import { buildAnswerBody, qscoreBadge } from "./answer-body";
import { labelsFor } from "../domain";
import { answerBodyLimits } from "./limits";
import { type AdaptiveCard, expandTemplate, fitCard } from "./render";
import { truncate } from "./text";
import type { AnswerView } from "./view-models";
import template from "./templates/answer-card.json";

/** Also the final approved answer (with `view.review`); no 👍/👎 when Teams' own feedback loop asks. */
export function buildAnswerCard(view: AnswerView, limitBytes?: number): AdaptiveCard {
  const labels = labelsFor(view.language);
  return fitCard((scale) => {
    const limits = answerBodyLimits(view, scale);
    return expandTemplate<AdaptiveCard>(template, {
      labels,
      runId: view.runId,
      question: truncate(view.question, limits.questionPreview),
      understoodAs: view.understoodAs ? truncate(view.understoodAs, limits.question) : "",
      followUps: view.followUps.map((question) => truncate(question, MAX_FOLLOW_UP_CHARS)),
      badge: qscoreBadge(view.quality, view.language),
      offline: view.offline ? labels.offline : "",
      reviewed: view.review ? (view.review.edited ? labels.reviewedEdited : labels.reviewed) : "",
      answerBody: buildAnswerBody(view, view.language, limits, "answer-", { withConclusion: !view.textAbove }),
      failed: view.failed.map((item) => ({ name: item.name, reason: truncate(item.reason, limits.reason) })),
      maxCommentChars: MAX_COMMENT_CHARS,
      askFeedback: !view.nativeFeedback,
    });
  }, limitBytes);
}
