import { contentStems, hasCjk, normalize, stem, wordStems } from "../../tools/text/words";
import type { ReferenceTopics } from "../reference-topics";
import { neededSpecialists } from "./needed-specialists";
import type { EvidenceRun } from "./proposal";
import { signals, type RunEvidence } from "./run-evidence";

/** A change needs at least this many bad runs behind it: one run is an anecdote. */
export const MIN_EVIDENCE_RUNS = 2;
/** Shorter English words are too generic to route on. */
const MIN_WORD_LENGTH = 4;
/** Candidate words: English words, and Japanese runs of two or more katakana or kanji (関税, サブスク). */
const CANDIDATE_WORDS = /[a-z]+|[\u30a0-\u30ff]{2,}|[\u3400-\u4dbf\u4e00-\u9fff]{2,}/g;

/** A badly received run behind a routing change, with why it counts. */
export interface MisroutedRun {
  run: RunEvidence;
  why: string;
}

/** Badly received runs by specialist, judged by the topics of each question (never by the Router's choice). */
export interface Misroutings {
  /** Specialists the question needed but the Router skipped. */
  missed: Map<string, MisroutedRun[]>;
  /** Specialists the Router chose though the question did not need them. */
  overChosen: Map<string, MisroutedRun[]>;
}

/** Groups the badly received, answered runs whose topics have an owner by the specialist the Router skipped or wrongly chose. */
export function findMisroutings(runs: RunEvidence[], scope: ReferenceTopics): Misroutings {
  const missed = new Map<string, MisroutedRun[]>();
  const overChosen = new Map<string, MisroutedRun[]>();
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
  return { missed, overChosen };
}

/**
 * Words (by stem) that at least MIN_EVIDENCE_RUNS of the questions share and `covered` does not
 * already cover, most frequent first. Words inside a supplier's name or alias (`names`) never count:
 * a supplier asked about twice is not a topic.
 */
export function sharedNewWords(
  cases: MisroutedRun[],
  covered: (word: string) => boolean,
  names: string[],
): { word: string; runs: EvidenceRun[] }[] {
  const inNames = nameMatcher(names);
  const byStem = new Map<string, { word: string; runs: EvidenceRun[] }>();
  for (const { run, why } of cases) {
    const words = (normalize(run.question).match(CANDIDATE_WORDS) ?? []).filter(
      (word) => (hasCjk(word) || (word.length >= MIN_WORD_LENGTH && contentStems(word).length > 0)) && !inNames(word),
    );
    const seen = new Set<string>();
    for (const word of words) {
      const key = hasCjk(word) ? word : stem(word);
      if (seen.has(key) || covered(word)) continue;
      seen.add(key);
      const entry = byStem.get(key) ?? { word, runs: [] };
      // The shortest form seen is the one proposed: stems match its other forms ("tariff" also finds "tariffs").
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

export function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  map.set(key, [...(map.get(key) ?? []), value]);
}
