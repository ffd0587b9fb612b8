import { z } from "zod";
import type { Feedback, TranscriptDocument } from "../../domain";
import { PASSING_SCORE } from "../metrics/metric-result";

/** What the store says about one finished run: how it was routed, scored and received. */
export interface RunEvidence {
  runId: string;
  /** The question the agents answered (a follow-up's standalone form). */
  question: string;
  /** The specialists the Router chose (empty when it declined the question as out of scope). */
  selected: string[];
  /** The Moderator's first QSCORE: the one the quality gate compares with the threshold. */
  initialQscore: number | null;
  up: number;
  down: number;
  /** The question's own topics, as the evaluation job held the run to them (none when not evaluated). */
  referenceTopics: string[];
  /** TopicAdherence, AgentGoalAccuracy (null when not scored) and the Judge criteria that failed. */
  topicAdherence: number | null;
  goalAccuracy: number | null;
  judgeFailures: string[];
  /** `bad`: a 👎 or a failed evaluation; `good`: a 👍 or a passing evaluation with no bad signal; else `unknown`. */
  outcome: "good" | "bad" | "unknown";
}

/** What the report reads of a stored evaluation record (the scheduled job's records satisfy it). */
export interface EvaluationEvidence {
  runId: string;
  metrics: { metric: string; score: number | null; parts: Record<string, unknown> }[];
  judge: { results: { criterion_name: string; verdict: "PASS" | "FAIL" | "UNSURE" }[] } | null;
}

const DecisionSchema = z.object({ selected: z.array(z.string()).default([]), inScope: z.boolean().default(true) }).passthrough();
const TopicPartsSchema = z.object({ referenceTopics: z.array(z.string()).default([]) }).passthrough();

/** Joins transcripts with their votes and evaluation records (by run id) into one evidence row per run. */
export function collectRunEvidence(
  transcripts: TranscriptDocument[],
  feedback: Feedback[],
  evaluations: EvaluationEvidence[],
): RunEvidence[] {
  const votesByRun = new Map<string, Feedback[]>();
  for (const vote of feedback) votesByRun.set(vote.runId, [...(votesByRun.get(vote.runId) ?? []), vote]);
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
