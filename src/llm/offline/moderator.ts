import type { ModeratorAnswer } from "../../domain";
import type { ModeratorInput } from "../../workflow/agent-inputs";
import { NEXT_STEP_MARKERS, phrasesFor } from "./phrases";
import { orderedFindings, qualityScore } from "./quality-score";
import { firstSentence } from "./text";

const MAX_RATIONALE = 4;
const CITATIONS_PER_POINT = 3;
const MAX_ACTIONS = 5;

/**
 * The offline Moderator: an extractive answer built only from the findings. The conclusion is the
 * top-priority specialist's summary plus one line per other specialist; each rationale point cites
 * referenceIds present in the findings' evidence; next actions are the specialists' recommended
 * steps; the QSCORE follows `qualityScore`, and the critique names what is missing.
 */
export function moderateOffline(input: ModeratorInput): ModeratorAnswer {
  const phrases = phrasesFor(input.language);
  const findings = orderedFindings(input);
  const [lead, ...others] = findings;
  const name = (id: string) => input.specialistNames[id] ?? id;
  const failures = input.failures.map((f) => ({ name: name(f.specialist), error: f.error }));
  const conclusion = [
    lead ? lead.summary : phrases.noFindings,
    others.length > 0 ? phrases.combined(others.map((f) => ({ name: name(f.specialist), summary: firstSentence(f.summary) }))) : "",
    failures.length > 0 ? phrases.failedSpecialists(failures) : "",
  ].filter(Boolean).join(" ");

  // The lead's summary is already the conclusion: the rationale adds the other specialists' points
  // and the evidence behind the lead, each citing what supports it.
  const rationale = [
    ...others
      .filter((f) => f.evidence.length > 0)
      .map((f) => ({ point: firstSentence(f.summary), citations: unique(f.evidence.map((e) => e.referenceId)).slice(0, CITATIONS_PER_POINT) })),
    ...(lead?.evidence ?? []).map((e) => ({ point: e.quote, citations: [e.referenceId] })),
  ].slice(0, MAX_RATIONALE);

  const cited = unique(findings.flatMap((f) => f.evidence.map((e) => e.referenceId)));
  const recommended = unique(findings.flatMap((f) => f.details.split("\n")).flatMap((line) => {
    const marker = NEXT_STEP_MARKERS.find((m) => line.startsWith(m));
    return marker ? [line.slice(marker.length).trim()] : [];
  }));
  const nextActions = (recommended.length > 0 ? recommended : [cited.length > 0 ? phrases.actionReview(cited.slice(0, 4)) : phrases.actionAskExpert]).slice(0, MAX_ACTIONS);

  const { qscore, parts } = qualityScore(input);
  const missing = findings.filter((f) => f.evidence.length === 0).map((f) => f.specialist);
  const critique = [
    parts.references < parts.needed ? phrases.critiqueThin({ have: parts.references, need: parts.needed, evidenceNeed: input.decision.evidenceNeed }) : "",
    missing.length > 0 ? phrases.critiqueNoEvidence(missing) : "",
    failures.length > 0 ? phrases.critiqueFailures(failures.map((f) => f.name)) : "",
  ].filter(Boolean).join(" ");

  return {
    conclusion,
    rationale,
    findings: findings.map((f) => ({ specialist: f.specialist, summary: f.summary })),
    nextActions,
    qscore,
    hitl: false,
    hitlReason: "",
    critique: critique || phrases.critiqueComplete,
  };
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}
