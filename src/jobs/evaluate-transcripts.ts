import { randomUUID } from "node:crypto";
import type { TranscriptDocument } from "../domain";
import { describeError } from "../domain";
import type { EvalModel } from "../eval/eval-model";
import type { Criterion } from "../eval/judge/criteria";
import { judgeRun } from "../eval/judge/judge-run";
import { agentGoalAccuracy } from "../eval/metrics/agent-goal-accuracy";
import { topicAdherence } from "../eval/metrics/topic-adherence";
import { transcriptToSample } from "../eval/samples/transcript-to-sample";
import { transcriptToJudgeRun } from "../eval/samples/transcript-to-steps";
import { evaluationRecordId, type EvaluationRecord, type EvaluationStore, type EvaluationTelemetry, type TranscriptSource } from "./ports";

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
  const startedAt = Date.now();
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
  deps.telemetry.jobCompleted({
    jobRunId,
    evaluated: summary.evaluated.length,
    failed: summary.failed.length,
    durationMs: Date.now() - startedAt,
    ...(summary.skipped ? { skipped: summary.skipped } : {}),
  });
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
  const count = (verdict: string) => judge.results.filter((result) => result.verdict === verdict).length;
  deps.telemetry.transcriptEvaluated({
    transcriptId: transcript.id,
    jobRunId,
    durationMs: Date.now() - startedAt,
    scores: Object.fromEntries(metrics.map((metric) => [metric.metric, metric.score])),
    verdicts: { pass: count("PASS"), fail: count("FAIL"), unsure: count("UNSURE") },
    modelCount: evalModel.models.length,
  });
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
