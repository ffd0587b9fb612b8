import type { SpecialistSummary } from "../../domain";
// eslint-disable-next-line no-restricted-imports -- tuning proposes keywords by scoring them as the offline Router does; it never answers a question
import { descriptionFeatures } from "../../llm/offline/router";
import { contentFeatures } from "../../tools/text/words";
import { MIN_EVIDENCE_RUNS, push, sharedNewWords, type MisroutedRun, type Misroutings } from "./misrouted-runs";
import type { EvidenceRun, Proposal } from "./proposal";

/** At most this many terms named in one appended clause: a description is a sentence or two, not a word list. */
const MAX_TERMS_PER_CLAUSE = 3;

/**
 * Description changes from the same misrouted runs as the keyword proposals (the Router reads each
 * specialist's `description`):
 * - a specialist the questions needed but the Router skipped → append "Also: …" naming the words at
 *   least MIN_EVIDENCE_RUNS of those questions share and the description does not mention yet;
 * - a specialist the Router chose though the questions did not need it → append "Not covered: …"
 *   naming the question topics (as the evaluation extracted them) behind at least MIN_EVIDENCE_RUNS
 *   of those runs, which the description does not exclude yet.
 * One proposal per specialist and direction; supplier names and aliases (`names`) are never named.
 */
export function proposeDescriptionChanges(
  { missed, overChosen }: Misroutings,
  specialists: SpecialistSummary[],
  names: string[] = [],
): Proposal[] {
  const proposals: Proposal[] = [];
  for (const specialist of specialists) {
    const features = descriptionFeatures(specialist.description);
    const extension = missedTerms(missed.get(specialist.id) ?? [], features.covered, names);
    if (extension.terms.length > 0)
      proposals.push({
        change: { kind: "extend-description", specialist: specialist.id, clause: `Also: ${extension.terms.join(", ")}.` },
        summary: `${extension.evidence.length} badly received questions about ${quoted(extension.terms)} needed ${specialist.id} but were not routed to it, and its description does not mention them`,
        evidence: extension.evidence,
      });
    const narrowing = foreignTopics(overChosen.get(specialist.id) ?? [], features.excluded);
    if (narrowing.terms.length > 0)
      proposals.push({
        change: { kind: "narrow-description", specialist: specialist.id, clause: `Not covered: ${narrowing.terms.join(", ")}.` },
        summary: `${narrowing.evidence.length} badly received questions about ${quoted(narrowing.terms)} were routed to ${specialist.id}, which they did not need`,
        evidence: narrowing.evidence,
      });
  }
  return proposals;
}

interface Terms {
  terms: string[];
  /** The runs behind any of the terms, each once. */
  evidence: EvidenceRun[];
}

/** The words the skipped questions share that the description's own words do not already cover. */
function missedTerms(cases: MisroutedRun[], described: Set<string>, names: string[]): Terms {
  const covered = (word: string) => [...contentFeatures(word)].every((feature) => described.has(feature));
  const shared = sharedNewWords(cases, covered, names).slice(0, MAX_TERMS_PER_CLAUSE);
  return { terms: shared.map((entry) => entry.word), evidence: distinctRuns(shared.flatMap((entry) => entry.runs)) };
}

/** The question topics behind at least MIN_EVIDENCE_RUNS of the wrongly chosen runs, most frequent first, not yet excluded. */
function foreignTopics(cases: MisroutedRun[], excluded: Set<string>): Terms {
  const byTopic = new Map<string, EvidenceRun[]>();
  for (const { run, why } of cases)
    for (const topic of new Set(run.referenceTopics.map((candidate) => candidate.trim().toLowerCase())))
      push(byTopic, topic, { runId: run.runId, question: run.question, why });
  const named = [...byTopic]
    .filter(
      ([topic, behind]) => behind.length >= MIN_EVIDENCE_RUNS && ![...contentFeatures(topic)].every((feature) => excluded.has(feature)),
    )
    .sort((a, b) => b[1].length - a[1].length)
    .slice(0, MAX_TERMS_PER_CLAUSE);
  return { terms: named.map(([topic]) => topic), evidence: distinctRuns(named.flatMap(([, behind]) => behind)) };
}

function distinctRuns(runs: EvidenceRun[]): EvidenceRun[] {
  return [...new Map(runs.map((run) => [run.runId, run])).values()];
}

function quoted(terms: string[]): string {
  return terms.map((term) => `"${term}"`).join(", ");
}
