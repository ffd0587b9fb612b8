import { z } from "zod";
import type { EvaluationRecord, Feedback, TranscriptDocument } from "../../domain";
import { PASSING_SCORE } from "../metrics/metric-result";
import { contentFeatures, contentStems, hasCjk, normalize, stem, wordStems } from "../../tools/text/words";
import type { ReferenceTopics } from "../reference-topics";

export interface EvidenceRun {
  runId: string;
  question: string;
  /** Why this run counts ("routed to knowledge, needed spend; 👎 1, TopicAdherence 0.2"). */
  why: string;
}

/** A change the tuning report suggests; never applied to files by the report itself. */
export type TuningChange =
  | { kind: "add-keyword"; specialist: string; keyword: string }
  | { kind: "remove-keyword"; specialist: string; keyword: string }
  | { kind: "extend-description"; specialist: string; clause: string }
  | { kind: "narrow-description"; specialist: string; clause: string }
  | { kind: "qscore-threshold"; from: number; to: number };

export interface Proposal {
  change: TuningChange;
  summary: string;
  evidence: EvidenceRun[];
}

export interface RunEvidence {
  runId: string;
  /** A follow-up's standalone form. */
  question: string;
  /** Empty when the Router declined the question as out of scope. */
  selected: string[];
  /** The Moderator's first QSCORE: the one the quality gate compares with the threshold. */
  initialQscore: number | null;
  up: number;
  down: number;
  /** The question's own topics, as the evaluation job held the run to them (none when not evaluated). */
  referenceTopics: string[];
  /** Null when not scored. */
  topicAdherence: number | null;
  goalAccuracy: number | null;
  judgeFailures: string[];
  /** `bad`: a 👎 or a failed evaluation; `good`: a 👍 or a passing evaluation with no bad signal; else `unknown`. */
  outcome: "good" | "bad" | "unknown";
}

/** What the report reads of a stored evaluation record. */
export type EvaluationEvidence = Pick<EvaluationRecord, "runId" | "metrics" | "judge">;

const DecisionSchema = z.object({ selected: z.array(z.string()).default([]), inScope: z.boolean().default(true) }).passthrough();
const TopicPartsSchema = z.object({ referenceTopics: z.array(z.string()).default([]) }).passthrough();

/** One evidence row per run: transcripts joined with their votes and evaluation records by run id. */
export function collectRunEvidence(
  transcripts: TranscriptDocument[],
  feedback: Feedback[],
  evaluations: EvaluationEvidence[],
): RunEvidence[] {
  const votesByRun = new Map<string, Feedback[]>();
  for (const vote of feedback) push(votesByRun, vote.runId, vote);
  const evaluationByRun = new Map(evaluations.map((record) => [record.runId, record]));
  return transcripts.map((transcript) => {
    const votes = votesByRun.get(transcript.runId) ?? [];
    const evaluation = evaluationByRun.get(transcript.runId);
    const metric = (name: string) => evaluation?.metrics.find((candidate) => candidate.metric === name);
    const topics = metric("topic-adherence");
    const decision = DecisionSchema.safeParse(transcript.decision ?? {});
    const evidence: Omit<RunEvidence, "outcome"> = {
      runId: transcript.runId,
      question: transcript.standaloneQuestion ?? transcript.question,
      selected: decision.success && decision.data.inScope ? decision.data.selected : [],
      initialQscore: transcript.quality.initialScore,
      up: votes.filter((vote) => vote.rating === "up").length,
      down: votes.filter((vote) => vote.rating === "down").length,
      referenceTopics: TopicPartsSchema.safeParse(topics?.parts ?? {}).data?.referenceTopics ?? [],
      topicAdherence: topics?.score ?? null,
      goalAccuracy: metric("agent-goal-accuracy")?.score ?? null,
      judgeFailures: (evaluation?.judge?.results ?? [])
        .filter((result) => result.verdict === "FAIL")
        .map((result) => result.criterion_name),
    };
    return { ...evidence, outcome: outcomeOf(evidence, evaluation !== undefined) };
  });
}

function outcomeOf(run: Omit<RunEvidence, "outcome">, evaluated: boolean): RunEvidence["outcome"] {
  const failing = (score: number | null) => score !== null && score < PASSING_SCORE;
  if (run.down > 0 || failing(run.topicAdherence) || failing(run.goalAccuracy) || run.judgeFailures.length > 0) return "bad";
  if (run.up > 0 || evaluated) return "good";
  return "unknown";
}

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

/** A question topic belongs to a scope topic when it shares at least this share of the scope topic's words. */
const TOPIC_OVERLAP = 0.5;

/**
 * The specialists a question needed, from its own topics and the scope by specialist (`prompts/metrics/reference-topics.yaml`): a question
 * topic equal to a scope topic, or sharing most of its words, calls for every specialist that owns it. Never derived from what the Router
 * chose.
 */
export function neededSpecialists(questionTopics: string[], scope: ReferenceTopics): string[] {
  const needed = new Set<string>();
  for (const topic of questionTopics) {
    const features = contentFeatures(topic);
    for (const [specialist, owned] of Object.entries(scope.bySpecialist)) {
      const matches = owned.some((scopeTopic) => {
        if (scopeTopic.trim().toLowerCase() === topic.trim().toLowerCase()) return true;
        const scopeFeatures = [...contentFeatures(scopeTopic)];
        const shared = scopeFeatures.filter((feature) => features.has(feature)).length;
        return scopeFeatures.length > 0 && shared / scopeFeatures.length >= TOPIC_OVERLAP;
      });
      if (matches) needed.add(specialist);
    }
  }
  return [...needed];
}

/** A change needs at least this many bad runs behind it: one run is an anecdote. */
export const MIN_EVIDENCE_RUNS = 2;
/** Shorter English words are too generic to route on. */
const MIN_WORD_LENGTH = 4;
/** Candidate words: English words, and Japanese runs of two or more katakana or kanji (関税, サブスク). */
const CANDIDATE_WORDS = /[a-z]+|[\u30a0-\u30ff]{2,}|[\u3400-\u4dbf\u4e00-\u9fff]{2,}/g;

export interface MisroutedRun {
  run: RunEvidence;
  why: string;
}

export type Misroutings = ReturnType<typeof findMisroutings>;

/**
 * Badly received, answered runs by the specialist the Router skipped or wrongly chose, judged by the topics of each question, never by the
 * Router's choice.
 */
export function findMisroutings(runs: RunEvidence[], scope: ReferenceTopics) {
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
 * Words (by stem) that at least MIN_EVIDENCE_RUNS of the questions share and `covered` does not already cover, most frequent first. Words
 * inside a supplier's name or alias (`names`) never count: a supplier asked about twice is not a topic.
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

/** English by stem, Japanese as a substring; the names are indexed once. */
function nameMatcher(names: string[]): (word: string) => boolean {
  const stems = new Set(names.flatMap(wordStems));
  const japanese = names.filter(hasCjk).map(normalize).join("\n");
  return (word) => (hasCjk(word) ? japanese.includes(word) : stems.has(stem(word)));
}

export function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  map.set(key, [...(map.get(key) ?? []), value]);
}
