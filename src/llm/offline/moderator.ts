import type { ModeratorInput, ModeratorOutput } from "../../domain";
import { readKindsOf } from "./facts";
import { nextStepIn, phrasesFor } from "./phrases";
import { rationaleClaims } from "./rationale-claims";
import { sentenceKey, sentencesOf } from "./text";

const MAX_RATIONALE = 4;
const MAX_ACTIONS = 5;

/** An extractive answer built only from the findings: the lead specialist's summary plus one line per other specialist. */
export function moderateOffline(input: ModeratorInput): ModeratorOutput {
  const phrases = phrasesFor(input.language);
  const findings = orderedFindings(input);
  const [lead, ...others] = findings;
  const name = (id: string) => input.specialistNames[id] ?? id;
  const failures = input.failures.map((f) => ({ name: name(f.specialist), error: f.error }));
  // No sentence twice in one answer: a point another specialist repeats is said once.
  const said = new Set(lead ? sentencesOf(lead.summary).map(sentenceKey) : []);
  const othersSaying = others
    .map((f) => ({ name: name(f.specialist), summary: sentencesOf(f.summary).find((sentence) => !said.has(sentenceKey(sentence))) ?? "" }))
    .filter(
      ({ summary }, i, all) => sentenceKey(summary) !== "" && all.findIndex((o) => sentenceKey(o.summary) === sentenceKey(summary)) === i,
    );
  const conclusion = [
    lead ? lead.summary : phrases.noFindings,
    othersSaying.length > 0 ? phrases.combined(othersSaying) : "",
    failures.length > 0 ? phrases.failedSpecialists(failures) : "",
  ]
    .filter(Boolean)
    .join(" ");

  const rationale = rationaleClaims(findings, conclusion, phrases, MAX_RATIONALE);

  // The sources an answer shows are those its rationale cites: the count the next action gives.
  const cited = [...new Set(rationale.flatMap((point) => point.citations))];
  const recommended = [...new Set(findings.flatMap((f) => f.details.split("\n").flatMap((line) => nextStepIn(line) ?? [])))];
  const nextActions = (
    recommended.length > 0 ? recommended : [cited.length > 0 ? phrases.actionReview(cited.length) : phrases.actionAskExpert]
  ).slice(0, MAX_ACTIONS);

  const { qscore, parts } = qualityScore(input);
  const missing = findings.filter((f) => f.evidence.length === 0).map((f) => f.specialist);
  // A failed tool call leaves the question partly unanswered, whatever the rest of the evidence covers.
  const unread = findings.flatMap((f) => f.toolCalls.filter((call) => !call.ok).map((call) => call.name));
  const critique = [
    unread.length > 0 ? phrases.couldNotRead(readKindsOf(unread)) : "",
    parts.references < parts.needed
      ? phrases.critiqueThin({ have: parts.references, need: parts.needed, evidenceNeed: input.decision.evidenceNeed })
      : "",
    missing.length > 0 ? phrases.critiqueNoEvidence(missing) : "",
    failures.length > 0 ? phrases.critiqueFailures(failures.map((f) => f.name)) : "",
  ]
    .filter(Boolean)
    .join(" ");

  // In the schema's order, as a model writes it: a streamed reply declares `hitl` and `qscore` before the conclusion.
  return {
    hitl: false,
    qscore,
    conclusion,
    hitlReason: "",
    rationale,
    nextActions,
    critique: critique || phrases.critiqueComplete,
  };
}

/** Distinct references the Moderator expects per evidence need. */
const REFERENCES_NEEDED = { low: 1, medium: 2, high: 4 } as const;

/**
 * QSCORE = round(40·coverage + 25·confidence + 20·health + 15·answered), where coverage = min(1, distinct cited references /
 * REFERENCES_NEEDED[evidenceNeed]), confidence = mean specialist confidence, health = ok / (ok + failed) specialists, and answered = 1 when
 * the top-priority answering specialist has evidence. Full evidence from healthy, confident specialists scores ≥ 80; thin evidence or
 * failures fall below 80 so the gate re-asks.
 */
export function qualityScore(input: ModeratorInput) {
  const references = new Set(input.findings.flatMap((f) => f.evidence.map((e) => e.referenceId))).size;
  const needed = REFERENCES_NEEDED[input.decision.evidenceNeed];
  const total = input.findings.length + input.failures.length;
  // The lead is the first in the Router's order that succeeded.
  const lead = orderedFindings(input).at(0);
  const parts = {
    coverage: Math.min(1, references / needed),
    confidence: input.findings.length ? input.findings.reduce((sum, f) => sum + f.confidence, 0) / input.findings.length : 0,
    health: total ? input.findings.length / total : 0,
    answered: lead && lead.evidence.length > 0 ? 1 : 0,
    references,
    needed,
  };
  const qscore = Math.round(40 * parts.coverage + 25 * parts.confidence + 20 * parts.health + 15 * parts.answered);
  return { qscore: Math.max(0, Math.min(100, qscore)), parts };
}

/** Unselected ones (index -1) last. */
function orderedFindings(input: ModeratorInput): ModeratorInput["findings"] {
  const rank = (id: string) => input.decision.selected.indexOf(id) + 1 || Number.MAX_SAFE_INTEGER;
  return [...input.findings].sort((a, b) => rank(a.specialist) - rank(b.specialist));
}
