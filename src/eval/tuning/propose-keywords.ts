import type { SpecialistSummary } from "../../domain";
import { scoreSpecialists } from "../../llm/offline/router";
import { containsPhrase, contentStems, normalize, stem } from "../../llm/offline/text";
import type { ReferenceTopics } from "../reference-topics";
import { neededSpecialists } from "./needed-specialists";
import type { EvidenceRun, Proposal } from "./proposal";
import type { RunEvidence } from "./run-evidence";

/** A keyword change needs at least this many bad runs behind it: one run is an anecdote. */
export const MIN_EVIDENCE_RUNS = 2;
/** At most this many new keywords proposed per specialist (the most frequent first). */
const MAX_KEYWORDS_PER_SPECIALIST = 3;
/** Shorter words are too generic to route on. */
const MIN_KEYWORD_LENGTH = 4;

/**
 * Keyword changes from badly received runs, judged by the topics of each question:
 * - a specialist the question needed but the Router skipped → add the word those questions share
 *   (present in at least MIN_EVIDENCE_RUNS of them, not yet among that specialist's keywords);
 * - a specialist the Router chose though the question did not need it → remove the keyword of its
 *   that those questions matched, when at least MIN_EVIDENCE_RUNS did.
 */
export function proposeKeywordChanges(runs: RunEvidence[], specialists: SpecialistSummary[], scope: ReferenceTopics): Proposal[] {
  const missed = new Map<string, { run: RunEvidence; why: string }[]>();
  const overChosen = new Map<string, { run: RunEvidence; why: string }[]>();
  for (const run of runs) {
    if (run.outcome !== "bad" || run.selected.length === 0) continue;
    const needed = neededSpecialists(run.referenceTopics, scope);
    if (needed.length === 0) continue;
    const why = (detail: string) => `${detail}; ${signals(run)}`;
    for (const id of needed.filter((candidate) => !run.selected.includes(candidate)))
      push(missed, id, { run, why: why(`routed to ${run.selected.join(", ")}, needed ${id}`) });
    for (const id of run.selected.filter((candidate) => !needed.includes(candidate)))
      push(overChosen, id, { run, why: why(`${id} chosen, the question needed ${needed.join(", ")}`) });
  }
  const byId = new Map(specialists.map((specialist) => [specialist.id, specialist]));
  const proposals: Proposal[] = [];
  for (const [id, cases] of missed) {
    const specialist = byId.get(id);
    if (!specialist) continue;
    for (const { word, runs: behind } of sharedNewWords(cases, specialist).slice(0, MAX_KEYWORDS_PER_SPECIALIST))
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

/** Words (by stem) that at least MIN_EVIDENCE_RUNS of the questions share and the specialist's keywords do not cover, most frequent first. */
function sharedNewWords(
  cases: { run: RunEvidence; why: string }[],
  specialist: SpecialistSummary,
): { word: string; runs: EvidenceRun[] }[] {
  const byStem = new Map<string, { word: string; runs: EvidenceRun[] }>();
  for (const { run, why } of cases) {
    const words = (normalize(run.question).match(/[a-z]+/g) ?? []).filter(
      (word) => word.length >= MIN_KEYWORD_LENGTH && contentStems(word).length > 0,
    );
    const seen = new Set<string>();
    for (const word of words) {
      const key = stem(word);
      if (seen.has(key) || specialist.keywords.some((keyword) => containsPhrase(word, keyword))) continue;
      seen.add(key);
      const entry = byStem.get(key) ?? { word, runs: [] };
      // The shortest form seen is the keyword: stems match its other forms ("tariff" also finds "tariffs").
      if (word.length < entry.word.length) entry.word = word;
      entry.runs.push({ runId: run.runId, question: run.question, why });
      byStem.set(key, entry);
    }
  }
  return [...byStem.values()].filter((entry) => entry.runs.length >= MIN_EVIDENCE_RUNS).sort((a, b) => b.runs.length - a.runs.length);
}

/** The signals that made a run bad, for the evidence column. */
export function signals(run: RunEvidence): string {
  const parts: string[] = [];
  if (run.down > 0) parts.push(`👎 ${run.down}`);
  if (run.topicAdherence !== null) parts.push(`TopicAdherence ${round(run.topicAdherence)}`);
  if (run.goalAccuracy !== null) parts.push(`AgentGoalAccuracy ${round(run.goalAccuracy)}`);
  if (run.judgeFailures.length > 0) parts.push(`Judge FAIL: ${run.judgeFailures.join(", ")}`);
  return parts.join(", ");
}

function round(score: number): string {
  return String(Math.round(score * 100) / 100);
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  map.set(key, [...(map.get(key) ?? []), value]);
}
