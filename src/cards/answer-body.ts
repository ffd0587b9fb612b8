import { labelsFor, MAX_COMMENT_CHARS, type Language } from "../domain";
import { MAX_FOLLOW_UP_CHARS } from "./actions";
import { citationMarkers, citationsFromAnswer } from "./citations";
import { type AdaptiveCard, expandTemplate, fitTemplate, answerBodyLimits, type TextLimits } from "./render";
import { paragraphs, truncate } from "./text";
import type { AnswerBodyView, AnswerView } from "./view-models";
import bodyTemplate from "./templates/answer-body.json";
import cardTemplate from "./templates/answer-card.json";

/** "QSCORE 86", or "QSCORE 72 → 86" after a re-ask; green at/above the threshold, amber within 15, red below. */
export function qscoreBadge(
  // `draftBeforeReview`: the score is the draft's, before an approver rewrote the answer.
  quality: { score: number; before?: number; threshold: number; draftBeforeReview?: boolean },
  language: Language,
): { style: "good" | "warning" | "attention"; text: string } {
  const score = Math.round(quality.score);
  const figure = quality.before === undefined ? `QSCORE ${score}` : `QSCORE ${Math.round(quality.before)} → ${score}`;
  const text = quality.draftBeforeReview ? `${figure}${labelsFor(language).draftBeforeReview}` : figure;
  const style = score >= quality.threshold ? "good" : score >= quality.threshold - 15 ? "warning" : "attention";
  return { style, text };
}

/** `idPrefix` keeps toggle ids unique when several bodies share a card; without the conclusion, the message text carries it and the rationale. */
export function buildAnswerBody(
  view: AnswerBodyView,
  language: Language,
  limits: TextLimits,
  idPrefix: string,
  options: { withConclusion: boolean } = { withConclusion: true },
): unknown[] {
  const labels = labelsFor(language);
  const rationale = view.rationale.slice(0, limits.rationaleItems);
  const citations = citationsFromAnswer({ rationale, findings: view.findings }, language);
  const data = {
    labels,
    withConclusion: options.withConclusion,
    conclusion: paragraphs(view.conclusion, limits.conclusion),
    rationale: rationale.map((item) => ({
      point: truncate(item.point, limits.rationalePoint),
      citations: citationMarkers(item.citations, citations),
    })),
    sources: citations.map((citation) => ({
      marker: `[${citation.position}]`,
      title: truncate(citation.title, 80),
      quote: citation.quote ? truncate(citation.quote, limits.evidenceQuote) : "",
      // The title opens the record's document, as the Teams citation does.
      url: citation.url ?? "",
    })),
    findings: view.findings.map((finding, index) => ({
      name: finding.name,
      headline: truncate(finding.headline, limits.headline),
      confidence: labels.confidence(Math.round(finding.confidence * 100)),
      detailsId: `${idPrefix}finding-${index}-details`,
      collapsedIconId: `${idPrefix}finding-${index}-collapsed`,
      expandedIconId: `${idPrefix}finding-${index}-expanded`,
      summary: truncate(finding.summary, limits.summary),
      details: paragraphs(finding.details, limits.details),
      evidence: finding.evidence.slice(0, limits.evidenceItems).map((item) => ({
        source: truncate(item.source, 40),
        referenceId: truncate(item.referenceId, 80),
        quote: truncate(item.quote, limits.evidenceQuote),
      })),
    })),
    nextActions: view.nextActions.slice(0, limits.nextActionItems).map((action) => truncate(action, limits.nextAction)),
  };
  return expandTemplate<unknown[]>(bodyTemplate, data);
}

/** Also the final approved answer (with `view.review`); no 👍/👎 when Teams' own feedback loop asks. */
export function buildAnswerCard(view: AnswerView, limitBytes?: number): AdaptiveCard {
  const labels = labelsFor(view.language);
  return fitTemplate(
    cardTemplate,
    (limits) => ({
      labels,
      runId: view.runId,
      question: truncate(view.question, limits.questionPreview),
      understoodAs: view.understoodAs ? truncate(view.understoodAs, limits.question) : "",
      followUps: view.followUps.map((question) => truncate(question, MAX_FOLLOW_UP_CHARS)),
      badge: qscoreBadge(view.quality, view.language),
      offline: view.offline ? labels.offline : "",
      reviewed: view.review ? (view.review.edited ? labels.reviewedEdited : labels.reviewed) : "",
      answerBody: buildAnswerBody(view, view.language, limits, "answer-", { withConclusion: !view.native }),
      failed: view.failed.map((item) => ({ name: item.name, reason: truncate(item.reason, limits.reason) })),
      maxCommentChars: MAX_COMMENT_CHARS,
      askFeedback: !view.native,
    }),
    limitBytes,
    (scale) => answerBodyLimits(view, scale),
  );
}
