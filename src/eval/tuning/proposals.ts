import type { SpecialistSummary } from "../../domain";
import { offlineRouterReading } from "../../llm/create-chat-model";
import { containsPhrase, contentFeatures } from "../../tools/text/words";
import {
  MIN_EVIDENCE_RUNS,
  push,
  sharedNewWords,
  signals,
  type EvidenceRun,
  type MisroutedRun,
  type Misroutings,
  type Proposal,
  type RunEvidence,
} from "./evidence";

/** New keywords proposed per specialist, the most frequent first. */
const MAX_KEYWORDS_PER_SPECIALIST = 3;

/**
 * Needed but skipped → add a word at least MIN_EVIDENCE_RUNS of those questions share; chosen though not needed → remove the keyword they
 * matched. Supplier names (`names`) are never proposed: a supplier asked about twice is not a topic.
 */
export function proposeKeywordChanges(
  { missed, overChosen }: Misroutings,
  specialists: SpecialistSummary[],
  names: string[] = [],
): Proposal[] {
  const { scoreSpecialists } = offlineRouterReading();
  const byId = new Map(specialists.map((specialist) => [specialist.id, specialist]));
  const proposals: Proposal[] = [];
  for (const [id, cases] of missed) {
    const specialist = byId.get(id);
    if (!specialist) continue;
    const covered = (word: string) => specialist.keywords.some((keyword) => containsPhrase(word, keyword));
    for (const { word, runs: behind } of sharedNewWords(cases, covered, names).slice(0, MAX_KEYWORDS_PER_SPECIALIST))
      proposals.push({
        change: { kind: "add-keyword", specialist: id, keyword: word },
        summary: `${behind.length} badly received questions containing "${word}" needed ${id} but were not routed to it`,
        evidence: behind,
      });
  }
  for (const [id, cases] of overChosen) {
    const keywordRuns = new Map<string, EvidenceRun[]>();
    for (const { run, why } of cases) {
      const matched = scoreSpecialists(run.question, specialists).find((score) => score.id === id)?.keywords ?? [];
      for (const keyword of matched) push(keywordRuns, keyword, { runId: run.runId, question: run.question, why });
    }
    for (const [keyword, behind] of keywordRuns)
      if (behind.length >= MIN_EVIDENCE_RUNS)
        proposals.push({
          change: { kind: "remove-keyword", specialist: id, keyword },
          summary: `${behind.length} badly received questions matched ${id}'s keyword "${keyword}" though they did not need ${id}`,
          evidence: behind,
        });
  }
  return proposals;
}

/** At most this many terms named in one appended clause: a description is a sentence or two, not a word list. */
const MAX_TERMS_PER_CLAUSE = 3;

/**
 * Needed but skipped → append "Also: …" with shared words; chosen though not needed → append "Not covered: …" with the shared evaluated
 * topics. One proposal per specialist and direction; supplier names are never named.
 */
export function proposeDescriptionChanges(
  { missed, overChosen }: Misroutings,
  specialists: SpecialistSummary[],
  names: string[] = [],
): Proposal[] {
  const { descriptionFeatures } = offlineRouterReading();
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

// The terms to name and, each run once, the evidence behind them.
function missedTerms(cases: MisroutedRun[], described: Set<string>, names: string[]) {
  const covered = (word: string) => [...contentFeatures(word)].every((feature) => described.has(feature));
  const shared = sharedNewWords(cases, covered, names).slice(0, MAX_TERMS_PER_CLAUSE);
  return { terms: shared.map((entry) => entry.word), evidence: distinctRuns(shared.flatMap((entry) => entry.runs)) };
}

function foreignTopics(cases: MisroutedRun[], excluded: Set<string>): ReturnType<typeof missedTerms> {
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

/** The thresholds considered (the gate sends back a first answer scoring below the threshold). */
const CANDIDATES = [50, 55, 60, 65, 70, 75, 80, 85, 90, 95];
/** Fewer good and bad runs with a QSCORE than this say nothing about where the threshold belongs. */
const MIN_LABELLED_RUNS = 4;

/**
 * The threshold that best separates badly from well received runs by their first QSCORE; proposed only when it misjudges fewer runs than
 * the current one (ties go to the nearest).
 */
export function proposeQscoreThreshold(runs: RunEvidence[], current: number): Proposal[] {
  const labelled = runs.filter(
    (run): run is RunEvidence & { initialQscore: number } => run.outcome !== "unknown" && run.initialQscore !== null,
  );
  // Both outcomes must be present: a threshold separates them.
  if (labelled.length < MIN_LABELLED_RUNS || new Set(labelled.map((run) => run.outcome)).size < 2) return [];
  const misjudged = (threshold: number) =>
    labelled.filter((run) => (run.outcome === "bad" ? run.initialQscore >= threshold : run.initialQscore < threshold));
  const best = [...CANDIDATES].sort(
    (a, b) => misjudged(a).length - misjudged(b).length || Math.abs(a - current) - Math.abs(b - current),
  )[0];
  const before = misjudged(current);
  const after = misjudged(best);
  if (after.length >= before.length) return [];
  const fixed = before.filter((run) => !after.includes(run));
  return [
    {
      change: { kind: "qscore-threshold", from: current, to: best },
      summary: `of ${labelled.length} runs with feedback or an evaluation, the gate at ${current} misjudges ${before.length}, at ${best} ${after.length}`,
      evidence: fixed.map((run) => ({
        runId: run.runId,
        question: run.question,
        why: `first QSCORE ${run.initialQscore}, ${run.outcome === "bad" ? `badly received (${signals(run)})` : "well received"}`,
      })),
    },
  ];
}
