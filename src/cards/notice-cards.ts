import { labelsFor, stringsFor, type CardLabels, type DurationUnit, type Language } from "../domain";
import { type AdaptiveCard, expandTemplate, textLimits } from "./render";
import { truncate } from "./text";
import type { errorViewFromRun, OperatorNoticeView } from "./view-models";
import template from "./templates/notice-card.json";

/** The content of a notice card; only `question` and `reason` carry user text. */
interface Notice {
  language: Language;
  title: string;
  color: "Default" | "Accent" | "Good" | "Warning" | "Attention";
  paragraphs: string[];
  question?: string;
  reason?: string;
  sections?: { heading: string; items: string[] }[];
  facts?: { title: string; value: string }[];
}

type RequesterNoticeView = Pick<Notice, "language" | "reason"> & { question: string };

export function buildNotice(notice: Notice): AdaptiveCard {
  const limits = textLimits();
  return expandTemplate<AdaptiveCard>(template, {
    labels: labelsFor(notice.language),
    title: notice.title,
    color: notice.color,
    paragraphs: notice.paragraphs,
    question: notice.question === undefined ? "" : truncate(notice.question, limits.question),
    reason: notice.reason === undefined ? "" : truncate(notice.reason, limits.reason),
    sections: notice.sections ?? [],
    facts: notice.facts ?? [],
  });
}

export function buildErrorCard(view: ReturnType<typeof errorViewFromRun>): AdaptiveCard {
  const labels = labelsFor(view.language);
  return buildNotice({
    language: view.language,
    title: labels.errorTitle,
    color: "Attention",
    paragraphs: [labels.errorBody, labels.errorWhatToDo],
    facts: [{ title: labels.correlationId, value: view.correlationId }],
  });
}

export function buildOperatorNoticeCard(view: OperatorNoticeView): AdaptiveCard {
  const labels = labelsFor(view.language);
  const paragraphs = [
    ...(view.transactionUrl ? [`[${labels.operatorOpenTransaction}](${view.transactionUrl})`] : []),
    ...(view.suppressed > 0 ? [labels.operatorSuppressed(view.suppressed)] : []),
  ];
  return buildNotice({
    language: view.language,
    title: labels.operatorNoticeTitle(view.kind),
    color: view.kind === "run_retried" ? "Warning" : "Attention",
    paragraphs,
    question: view.questionStart,
    facts: [
      { title: labels.operatorRunId, value: view.runId },
      { title: labels.operatorErrorKind, value: view.errorKind },
      { title: labels.correlationId, value: view.correlationId },
      ...(view.attempts !== undefined ? [{ title: labels.operatorAttempts, value: String(view.attempts) }] : []),
    ],
  });
}

/** The welcome card (the bot was added) and the help card: what Procura does, example questions and the commands. */
export function buildGuideCard(kind: "welcome" | "help", language: Language, guide: { memoryTtlMs: number }): AdaptiveCard {
  const labels = labelsFor(language);
  const memory = labels.memoryNote(durationText(guide.memoryTtlMs, language));
  return buildNotice({
    language,
    ...(kind === "welcome"
      ? { title: labels.welcomeTitle, color: "Accent", paragraphs: [labels.welcomeBody, labels.helpBody, memory] }
      : { title: labels.helpTitle, color: "Default", paragraphs: [labels.helpBody, memory] }),
    sections: [
      { heading: labels.examplesHeading, items: stringsFor(language).promptStarters.map((starter) => starter.question) },
      { heading: labels.commandsHeading, items: labels.commands },
    ],
  });
}

/** A duration for people: "8 hours", "30 minutes", "2 days" / 「8時間」. */
export function durationText(ms: number, language: Language): string {
  const units: [number, DurationUnit][] = [
    [86_400_000, "day"],
    [3_600_000, "hour"],
    [60_000, "minute"],
    [1000, "second"],
  ];
  const [size, unit] = units.find(([length]) => ms >= length && ms % length === 0) ?? units.find(([length]) => ms >= length) ?? units[3];
  return labelsFor(language).duration(Math.max(1, Math.round(ms / size)), unit);
}

export function buildClarificationCard(view: RequesterNoticeView & { clarification: string; offline?: boolean }): AdaptiveCard {
  const labels = labelsFor(view.language);
  const paragraphs = [truncate(view.clarification, textLimits().reason), ...(view.offline ? [labels.offline] : [])];
  return buildNotice({ language: view.language, title: labels.clarifyTitle, color: "Accent", paragraphs, question: view.question });
}

const REQUESTER_NOTICES = {
  underReview: (labels) => ({ title: labels.underReviewTitle, color: "Warning", paragraphs: [labels.underReviewBody] }),
  outOfScope: (labels) => ({
    title: labels.outOfScopeTitle,
    color: "Default",
    paragraphs: [labels.outOfScopeBody],
    sections: [{ heading: labels.outOfScopeExamplesHeading, items: labels.outOfScopeExamples }],
  }),
  // The content filter's refusal, said politely: no internals, no status code.
  blocked: (labels) => ({ title: labels.blockedTitle, color: "Default", paragraphs: [labels.blockedBody] }),
  rejected: (labels) => ({ title: labels.rejectedTitle, color: "Attention", paragraphs: [labels.rejectedBody] }),
  expired: (labels) => ({ title: labels.expiredNoticeTitle, color: "Warning", paragraphs: [labels.expiredNoticeBody] }),
} satisfies Record<string, (labels: CardLabels) => Pick<Notice, "title" | "color" | "paragraphs" | "sections">>;
export type RequesterNotice = keyof typeof REQUESTER_NOTICES;

/** A requester's notice with their question; `reason` is the approver's, shown on a rejection. */
export function buildRequesterNotice(notice: RequesterNotice, view: RequesterNoticeView): AdaptiveCard {
  return buildNotice({
    language: view.language,
    question: view.question,
    reason: view.reason,
    ...REQUESTER_NOTICES[notice](labelsFor(view.language)),
  });
}
