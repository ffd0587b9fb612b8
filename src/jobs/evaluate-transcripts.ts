import { randomUUID } from "node:crypto";
import type { TranscriptDocument } from "../domain";
import { describeError } from "../domain";
import type { EvalModel } from "../eval/eval-model";
import type { Criterion } from "../eval/judge/criteria";
import { judgeRun } from "../eval/judge/judge-run";
import type { MetricName } from "../eval/metrics/metric-result";
import { agentGoalAccuracy } from "../eval/metrics/agent-goal-accuracy";
import { topicAdherence } from "../eval/metrics/topic-adherence";
import { transcriptToSample } from "../eval/samples/transcript-to-sample";
import { transcriptToJudgeRun } from "../eval/samples/transcript-to-steps";
import { evaluationRecordId, type EvaluationRecord, type EvaluationStore, type EvaluationTelemetry, type TranscriptSource } from "./ports";

/** Telemetry names of the metrics the job runs. */
const TELEMETRY_METRIC_NAMES: Record<MetricName, string> = {
  "agent-goal-accuracy": "AgentGoalAccuracy",
  "topic-adherence": "TopicAdherence",
  "tool-call-accuracy": "ToolCallAccuracy",
};

/** A metric score at or above this counts as passed in telemetry (dashboards show pass rates). */
export const PASSING_SCORE = 0.8;

/** What the job needs; built by the Functions timer or the CLI. */
export interface EvaluateTranscriptsDeps {
  source: TranscriptSource;
  store: EvaluationStore;
  telemetry: EvaluationTelemetry;
  /** The evaluation model, or why there is none (then the job evaluates nothing and marks nothing). */
  evalModel: EvalModel | { skipped: string };
  criteria: Criterion[];
  /** The topics the bot is meant to stay within (TopicAdherence reference). */
  referenceTopics: string[];
  now?: () => Date;
}

/** One run's limits (EVAL_BATCH_SIZE, EVAL_CONCURRENCY) and optional start-time filter. */
export interface EvaluateTranscriptsOptions {
  since?: string;
  batchSize: number;
  concurrency: number;
}

/** What one job run did. */
export interface EvaluateTranscriptsSummary {
  jobRunId: string;
  evaluated: string[];
  failed: { transcriptId: string; error: string }[];
  skipped?: string;
}

/**
 * The scheduled evaluation: takes at most `batchSize` unevaluated transcripts, scores each (goal
 * accuracy without reference, topic adherence, the AI Judge) with at most `concurrency` in flight,
 * saves the record (an upsert keyed by transcript), then marks the transcript evaluated. A failure
 * leaves the transcript unmarked, so the next run retries it; a second run finds nothing new.
 */
export async function evaluateTranscripts(deps: EvaluateTranscriptsDeps, options: EvaluateTranscriptsOptions): Promise<EvaluateTranscriptsSummary> {
  const now = deps.now ?? (() => new Date());
  const jobRunId = randomUUID();
  const summary: EvaluateTranscriptsSummary = { jobRunId, evaluated: [], failed: [] };
  const evalModel = deps.evalModel;
  if ("skipped" in evalModel) {
    summary.skipped = evalModel.skipped;
  } else {
    const batch = (await deps.source.listUnevaluated({ since: options.since, limit: options.batchSize }))
      .filter((transcript) => transcript.status !== "running")
      .slice(0, options.batchSize);
    await forEachLimited(batch, options.concurrency, async (transcript) => {
      try {
        const record = await evaluateOne(deps, evalModel, transcript, jobRunId, now);
        await deps.store.save(record);
        await deps.source.markEvaluated(transcript.id, transcript.conversationId, record.createdAt);
        summary.evaluated.push(transcript.id);
      } catch (error) {
        summary.failed.push({ transcriptId: transcript.id, error: describeError(error) });
      }
    });
  }
  return summary;
}

async function evaluateOne(
  deps: EvaluateTranscriptsDeps,
  evalModel: EvalModel,
  transcript: TranscriptDocument,
  jobRunId: string,
  now: () => Date,
): Promise<EvaluationRecord> {
  const startedAt = Date.now();
  const sample = transcriptToSample(transcript, { referenceTopics: deps.referenceTopics });
  const [goal, topics, judge] = await Promise.all([
    agentGoalAccuracy(evalModel, sample, { mode: "WITHOUT_REFERENCE" }),
    topicAdherence(evalModel, sample, { mode: "F1" }),
    judgeRun(evalModel, transcriptToJudgeRun(transcript), deps.criteria),
  ]);
  const metrics = [goal, topics];
  const durationMs = Date.now() - startedAt;
  const ids = { transcriptId: transcript.id, runId: transcript.runId, model: evalModel.models.join(","), durationMs };
  for (const metric of metrics)
    deps.telemetry.transcriptEvaluated({
      ...ids,
      metric: TELEMETRY_METRIC_NAMES[metric.metric],
      ...(metric.score !== null ? { score: metric.score } : {}),
      passed: metric.score !== null && metric.score >= PASSING_SCORE,
    });
  for (const result of judge.results)
    deps.telemetry.transcriptEvaluated({ ...ids, metric: "Judge", criterion: result.criterion_name, verdict: result.verdict, score: result.confidence_score, passed: result.verdict === "PASS" });
  return {
    id: evaluationRecordId(transcript.id),
    schemaVersion: 1,
    transcriptId: transcript.id,
    conversationId: transcript.conversationId,
    runId: transcript.runId,
    jobRunId,
    createdAt: now().toISOString(),
    models: evalModel.models,
    metrics: metrics.map((metric) => ({ ...metric, parts: metric.parts as Record<string, unknown> })),
    judge: {
      results: judge.results.map((result) => ({ ...result })),
      decomposition: { source: judge.decomposition.source, phases: judge.decomposition.phases.length, ...(judge.decomposition.note ? { note: judge.decomposition.note } : {}) },
      contextSize: judge.contextSize,
    },
  };
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function forEachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
