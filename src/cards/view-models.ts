/** Pure view models for every card and the mappings from run state to them: the Teams layer never shapes card data. */
import type { ApprovalHistoryQuery, EvidenceItem, Finding, Language, ModeratorAnswer, OperatorNotice, RunState } from "../domain";
import { SystemError, approvalReasonsOf, labelsFor, questionToAnswer } from "../domain";
import { displayName, type DisplayNames } from "./progress-card";

export type AnswerBodyView = ReturnType<typeof answerBodyFromRun>;

export type AnswerView = ReturnType<typeof answerViewFromRun> & {
  /** Teams-native (a personal chat): the text above the card carries the conclusion and rationale, Teams' feedback loop the rating. */
  native?: boolean;
};

/** A run an approver signed off (`state.approval.decision`) shows the "reviewed by an approver" line on every rendering. */
export function answerViewFromRun(state: RunState, names: DisplayNames, options: { threshold: number; language?: Language }) {
  const answer = requireAnswer(state);
  const language = options.language ?? state.language;
  const edited = state.approval?.decision === "edited";
  const drafted = answerBodyFromRun(state, answer, names, language);
  // An edited answer is the approver's text alone: the specialists' findings argued for the draft.
  const body = edited ? { ...drafted, findings: [] } : drafted;
  return {
    ...body,
    language,
    runId: state.runId,
    question: state.question,
    ...(state.understanding?.kind === "rewritten" && state.standaloneQuestion ? { understoodAs: state.standaloneQuestion } : {}),
    followUps: state.suggestedFollowUps ?? [],
    quality: { ...qualityView(state, answer, options.threshold), ...(edited ? { draftBeforeReview: true } : {}) },
    failed: state.findings
      .filter((finding): finding is Extract<Finding, { status: "failed" }> => finding.status === "failed")
      .map((finding) => ({ name: displayName(names, finding.specialist, language), reason: finding.error })),
    offline: state.offline,
    ...(state.approval?.decision ? { review: { edited } } : {}),
  };
}

function requireAnswer(state: RunState): ModeratorAnswer {
  if (!state.answer) throw new SystemError(`Run ${state.runId} has no moderator answer to show`, { runId: state.runId, step: "cards" });
  return state.answer;
}

function answerBodyFromRun(state: RunState, answer: ModeratorAnswer, names: DisplayNames, language: Language) {
  const order = state.decision?.selected ?? [];
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
  const findings = state.findings
    .filter((finding): finding is Extract<Finding, { status: "ok" }> => finding.status === "ok")
    .sort((a, b) => rank(a.specialist) - rank(b.specialist))
    .map((finding) => ({
      specialist: finding.specialist,
      name: displayName(names, finding.specialist, language),
      // The moderator's one-line take on this specialist, shown while the section is collapsed.
      headline: answer.findings.find((item) => item.specialist === finding.specialist)?.summary ?? finding.summary,
      summary: finding.summary,
      details: finding.details,
      evidence: finding.evidence,
      confidence: finding.confidence,
    }));
  return {
    conclusion: answer.conclusion,
    findings: mergeIdenticalFindings(findings, language),
    rationale: answer.rationale.map((item) => ({ point: item.point, citations: item.citations })),
    nextActions: answer.nextActions,
  };
}

/** Identical findings are shown once under both names (two identical sections read as a glitch); evidence combined, higher confidence kept. */
export function mergeIdenticalFindings<F extends { name: string; summary: string; evidence: EvidenceItem[]; confidence: number }>(
  findings: F[],
  language: Language,
): F[] {
  const key = (finding: F) => finding.summary.normalize("NFKC").replace(/\s+/g, " ").trim().toLowerCase();
  const merged: F[] = [];
  for (const finding of findings) {
    const same = merged.findIndex((other) => key(other) === key(finding));
    if (same < 0) {
      merged.push(finding);
      continue;
    }
    const first = merged[same];
    const references = new Set(first.evidence.map((item) => item.referenceId));
    merged[same] = {
      ...first,
      name: labelsFor(language).bothNames(first.name, finding.name),
      evidence: [...first.evidence, ...finding.evidence.filter((item) => !references.has(item.referenceId))],
      confidence: Math.max(first.confidence, finding.confidence),
    };
  }
  return merged;
}

function qualityView(state: RunState, answer: ModeratorAnswer, threshold: number): { score: number; before?: number; threshold: number } {
  const { initialScore, finalScore, retried } = state.quality;
  const score = finalScore ?? answer.qscore;
  return retried && initialScore !== null ? { score, before: initialScore, threshold } : { score, threshold };
}

/** The draft text an approver edits: the conclusion, then one line per rationale point with its citations. */
export function draftTextFromAnswer(answer: Pick<ModeratorAnswer, "conclusion" | "rationale">): string {
  const points = answer.rationale.map((item) => `- ${item.point}${item.citations.length ? ` [${item.citations.join(", ")}]` : ""}`);
  return [answer.conclusion, ...(points.length ? ["", ...points] : [])].join("\n");
}

export function errorViewFromRun(state: RunState): { language: Language; correlationId: string } {
  return { language: state.language, correlationId: state.failure?.correlationId ?? state.runId };
}

export type OperatorNoticeView = Omit<OperatorNotice, "question" | "serviceUrl"> & {
  language: Language;
  /** Already cut to the allowed first words; absent when configuration does not allow it. */
  questionStart?: string;
  transactionUrl?: string;
  /** Notices held back since the last card (rate limit, duplicates). */
  suppressed: number;
};

export type ApprovalView = ReturnType<typeof approvalViewFromRun>;

export function approvalViewFromRun(
  state: RunState,
  names: DisplayNames,
  options: { approvalId: string; requesterName: string; threshold: number; reminderSince?: string },
) {
  const answer = requireAnswer(state);
  return {
    language: state.language,
    approvalId: options.approvalId,
    question: questionToAnswer(state),
    requesterName: options.requesterName,
    draft: answerBodyFromRun(state, answer, names, state.language),
    draftText: draftTextFromAnswer(answer),
    quality: qualityView(state, answer, options.threshold),
    specialists: (state.decision?.selected ?? []).map((id) => displayName(names, id, state.language)),
    reasons: approvalReasonsOf(state),
    ...(options.reminderSince ? { reminderSince: options.reminderSince } : {}),
  };
}

export type ApprovalDecision = NonNullable<NonNullable<RunState["approval"]>["decision"]>;

export interface ApprovalOutcomeView {
  language: Language;
  question: string;
  decision: ApprovalDecision;
  deciderName?: string;
  decidedAt: string;
  comment?: string;
  finalText?: string;
  /** Shown to an approver whose click came after the expiry: their decision was refused. */
  refusedAsTooLate?: boolean;
}

/** One page of the approvals' history, its entries as the approvals module lists them. */
export interface ApprovalHistoryView {
  language: Language;
  query: ApprovalHistoryQuery;
  entries: {
    question: string;
    requesterName: string;
    requesterAadObjectId: string;
    decision: "" | "approve" | "edit" | "reject";
    approverName: string;
    approverAadObjectId: string;
    decidedAt: string;
    timeToDecisionMs: number | null;
    edited: boolean;
    thread: { conversationId: string; activityId: string } | null;
  }[];
  hasMore: boolean;
}
