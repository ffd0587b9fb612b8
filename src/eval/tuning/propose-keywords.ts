import type { SpecialistSummary } from "../../domain";
import { scoreSpecialists } from "../../llm/offline/router";
import { containsPhrase, contentStems, hasCjk, normalize, stem, wordStems } from "../../llm/offline/text";
import type { ReferenceTopics } from "../reference-topics";
import { neededSpecialists } from "./needed-specialists";
import type { EvidenceRun, Proposal } from "./proposal";
import type { RunEvidence } from "./run-evidence";

/** A keyword change needs at least this many bad runs behind it: one run is an anecdote. */
export const MIN_EVIDENCE_RUNS = 2;
/** At most this many new keywords proposed per specialist (the most frequent first). */
const MAX_KEYWORDS_PER_SPECIALIST = 3;
/** Shorter English words are too generic to route on. */
const MIN_KEYWORD_LENGTH = 4;
/** Candidate words: English words, and Japanese runs of two or more katakana or kanji (関税, サブスク). */
const CANDIDATE_WORDS = /[a-z]+|[\u30a0-\u30ff]{2,}|[\u3400-\u4dbf\u4e00-\u9fff]{2,}/g;

/**
 * Keyword changes from badly received runs, judged by the topics of each question:
 * - a specialist the question needed but the Router skipped → add the word those questions share
 *   (present in at least MIN_EVIDENCE_RUNS of them, not yet among that specialist's keywords);
 * - a specialist the Router chose though the question did not need it → remove the keyword of its
 *   that those questions matched, when at least MIN_EVIDENCE_RUNS did.
 * Words inside a supplier's name or alias (`names`) are never proposed: a supplier asked about twice is not a topic.
 */
export function proposeKeywordChanges(
  runs: RunEvidence[],
  specialists: SpecialistSummary[],
  scope: ReferenceTopics,
  names: string[] = [],
): Proposal[] {
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
  const inNames = nameMatcher(names);
  const proposals: Proposal[] = [];
  for (const [id, cases] of missed) {
    const specialist = byId.get(id);
    if (!specialist) continue;
    for (const { word, runs: behind } of sharedNewWords(cases, specialist, inNames).slice(0, MAX_KEYWORDS_PER_SPECIALIST))
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
  inNames: (word: string) => boolean,
): { word: string; runs: EvidenceRun[] }[] {
  const byStem = new Map<string, { word: string; runs: EvidenceRun[] }>();
  for (const { run, why } of cases) {
    const words = (normalize(run.question).match(CANDIDATE_WORDS) ?? []).filter(
      (word) => (hasCjk(word) || (word.length >= MIN_KEYWORD_LENGTH && contentStems(word).length > 0)) && !inNames(word),
    );
    const seen = new Set<string>();
    for (const word of words) {
      const key = hasCjk(word) ? word : stem(word);
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

/** Whether a word is part of one of the names (English by stem, Japanese as a substring), with the names indexed once. */
function nameMatcher(names: string[]): (word: string) => boolean {
  const stems = new Set(names.flatMap(wordStems));
  const japanese = names.filter(hasCjk).map(normalize).join("\n");
  return (word) => (hasCjk(word) ? japanese.includes(word) : stems.has(stem(word)));
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
