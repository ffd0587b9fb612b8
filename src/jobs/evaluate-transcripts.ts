import { randomUUID } from "node:crypto";
import { describeError, systemClock, type Clock, type EvaluationRecord, type TranscriptDocument } from "../domain";
import { mapLimited } from "../resilience";
import type { EvalModel } from "../eval/eval-model";
import type { Criterion } from "../eval/judge/criteria";
import { judgeRun, type EvaluationResult } from "../eval/judge/judge-run";
import { notScorable, PASSING_SCORE, type MetricName, type MetricResult, type ModelBreakdown } from "../eval/metrics/metric-result";
import { agentGoalAccuracy } from "../eval/metrics/agent-goal-accuracy";
import { toolCallAccuracy } from "../eval/metrics/tool-call-accuracy";
import { extractTopics, topicAdherence, type TopicAdherenceParts } from "../eval/metrics/topic-adherence";
import { GOLDEN_TOOL_CALL_MATCHING, type GoldenCase } from "../eval/golden";
import type { ReferenceTopics } from "../eval/reference-topics";
import { transcriptToSample } from "../eval/samples/transcript-to-sample";
import { transcriptToJudgeRun } from "../eval/samples/transcript-to-steps";
import type { CosmosTranscriptRepository } from "../storage/transcript-repository";
import type { Telemetry } from "../telemetry";

export const TELEMETRY_METRIC_NAMES: Record<MetricName, string> = {
  "agent-goal-accuracy": "AgentGoalAccuracy",
  "topic-adherence": "TopicAdherence",
  "tool-call-accuracy": "ToolCallAccuracy",
};

export interface EvaluateTranscriptsDeps {
  /** Stored transcripts the job has not scored yet (the watermark is each transcript's `evaluatedAt`, which marking sets). */
  source: Pick<CosmosTranscriptRepository, "listUnevaluated" | "markEvaluated">;
  store: { save(record: EvaluationRecord): Promise<void> };
  telemetry: Pick<Telemetry, "event">;
  evalModel: EvalModel;
  criteria: Criterion[];
  /** The bot's whole scope, by specialist: the TopicAdherence reference of runs declined as out of scope. */
  referenceTopics: ReferenceTopics;
  /** The golden case asking a transcript's question, when there is one: its references are then scored too. */
  goldenCaseFor?: (transcript: TranscriptDocument) => GoldenCase | undefined;
  clock?: Clock;
}

export interface EvaluateTranscriptsSummary {
  jobRunId: string;
  evaluated: string[];
  failed: { transcriptId: string; error: string }[];
  skipped?: string;
  scores: { transcriptId: string; scores: ReturnType<typeof scoreReports> }[];
  disagreements: number;
}

/** Scores at most `batchSize` unevaluated transcripts, `concurrency` at a time; a failure leaves its transcript unmarked, so the next run retries it. */
export async function evaluateTranscripts(
  deps: EvaluateTranscriptsDeps,
  options: { since?: string; batchSize: number; concurrency: number },
): Promise<EvaluateTranscriptsSummary> {
  const jobRunId = randomUUID();
  const summary: EvaluateTranscriptsSummary = { jobRunId, evaluated: [], failed: [], scores: [], disagreements: 0 };
  const batch = (await deps.source.listUnevaluated({ since: options.since, limit: options.batchSize }))
    .filter((transcript) => transcript.status !== "running")
    .slice(0, options.batchSize);
  await mapLimited(batch, options.concurrency, async (transcript) => {
    try {
      const record = await evaluateOne(deps, transcript, jobRunId);
      await deps.store.save(record);
      await deps.source.markEvaluated(transcript.id, transcript.conversationId, record.createdAt);
      summary.evaluated.push(transcript.id);
      const scores = scoreReports(record);
      summary.scores.push({ transcriptId: transcript.id, scores });
      summary.disagreements += scores.filter((score) => score.disagreement).length;
    } catch (error) {
      summary.failed.push({ transcriptId: transcript.id, error: describeError(error) });
    }
  });
  return summary;
}

async function evaluateOne(deps: EvaluateTranscriptsDeps, transcript: TranscriptDocument, jobRunId: string): Promise<EvaluationRecord> {
  const startedAt = Date.now();
  const declined = transcript.status === "out_of_scope";
  const golden = deps.goldenCaseFor?.(transcript);
  const sample = transcriptToSample(transcript, golden && { reference: golden.reference, referenceToolCalls: golden.referenceToolCalls });
  // A declined run had no goal to reach and gave no answer to judge: only its topic adherence applies.
  const [goal, topics, judge] = await Promise.all([
    declined ? null : agentGoalAccuracy(deps.evalModel, sample, { mode: golden ? "WITH_REFERENCE" : "WITHOUT_REFERENCE" }),
    liveTopicAdherence(deps.evalModel, transcript, deps.referenceTopics, golden?.referenceTopics),
    declined ? null : judgeRun(deps.evalModel, transcriptToJudgeRun(transcript), deps.criteria),
  ]);
  const tools = golden && !declined ? toolCallAccuracy(sample, GOLDEN_TOOL_CALL_MATCHING) : null;
  const metrics: MetricResult<object>[] = [tools, goal, topics].filter((metric): metric is MetricResult<object> => metric !== null);
  const durationMs = Date.now() - startedAt;
  const ids = { transcriptId: transcript.id, runId: transcript.runId, model: deps.evalModel.models.join(","), durationMs };
  for (const metric of metrics)
    deps.telemetry.event("TranscriptEvaluated", {
      ...ids,
      metric: TELEMETRY_METRIC_NAMES[metric.metric],
      ...scoreProps(metric.score, metric.models),
    });
  const recall = (topics.parts as Partial<TopicAdherenceParts>).recall;
  if (typeof recall === "number")
    deps.telemetry.event("TranscriptEvaluated", { ...ids, metric: "TopicRecall", ...scoreProps(recall, undefined) });
  for (const result of judge?.results ?? [])
    deps.telemetry.event("TranscriptEvaluated", {
      ...ids,
      metric: "Judge",
      criterion: result.criterion_name,
      verdict: result.verdict,
      score: result.confidence_score,
      passed: result.verdict === "PASS",
      ...(result.models ? { disagreement: result.models.disagreement } : {}),
    });
  return {
    id: `eval-${transcript.id}`,
    schemaVersion: 1,
    transcriptId: transcript.id,
    conversationId: transcript.conversationId,
    runId: transcript.runId,
    jobRunId,
    createdAt: (deps.clock ?? systemClock).now().toISOString(),
    models: deps.evalModel.models,
    metrics: metrics.map((metric) => ({ ...metric, parts: metric.parts as Record<string, unknown> })),
    judge: judge && {
      results: judge.results.map((result) => ({ ...result })),
      decomposition: {
        source: judge.decomposition.source,
        phases: judge.decomposition.phases.length,
        ...(judge.decomposition.note ? { note: judge.decomposition.note } : {}),
      },
      contextSize: judge.contextSize,
    },
  };
}

/**
 * Live TopicAdherence: precision with refusal counting, recall kept in the parts. The reference topics are decided without looking at what
 * the Router chose (a misrouted run must not be graded against its own misrouting): the bot's whole scope for a run declined as out of
 * scope, else a golden case's topics, else those extracted from the question alone.
 */
async function liveTopicAdherence(
  evalModel: EvalModel,
  transcript: TranscriptDocument,
  scope: ReferenceTopics,
  goldenTopics: string[] = [],
): Promise<MetricResult<object>> {
  const reference =
    transcript.status === "out_of_scope"
      ? { topics: scope.all, source: "scope" }
      : goldenTopics.length > 0
        ? { topics: goldenTopics, source: "golden" }
        : await questionTopics(evalModel, transcript);
  if (typeof reference === "string") return notScorable("topic-adherence", reference, {});
  const sample = transcriptToSample(transcript, { referenceTopics: reference.topics });
  const result = await topicAdherence(evalModel, sample, { mode: "PRECISION", counting: "REFUSAL" });
  // The reference topics are kept so the tuning report can tell which specialists the question needed.
  return { ...result, parts: { ...result.parts, referenceTopicSource: reference.source, referenceTopics: reference.topics } };
}

/** A follow-up ("and for Beta?") carries its meaning in the standalone question the agents answered; a string says why there are none. */
async function questionTopics(
  evalModel: EvalModel,
  transcript: TranscriptDocument,
): Promise<{ topics: string[]; source: string } | string> {
  const question = transcript.standaloneQuestion ?? transcript.question;
  const extracted = await extractTopics(evalModel, evalModel.models[0], [{ type: "human", content: question }]);
  if (extracted.kind !== "ok") return `topics of the question could not be extracted (${extracted.kind}): ${extracted.cause}`;
  return extracted.value.length === 0 ? "the question names no topic to adhere to" : { topics: extracted.value, source: "question" };
}

function scoreReports(record: EvaluationRecord) {
  const metrics = record.metrics.map((metric) => {
    const breakdown = metric.models as ModelBreakdown<unknown> | undefined;
    const perModel = breakdown ? Object.fromEntries(breakdown.perModel.map((one) => [one.model, one.score])) : {};
    return { name: metric.metric, score: metric.score, perModel, disagreement: breakdown?.disagreement ?? false };
  });
  const judge = (record.judge?.results ?? []).map((result) => {
    const breakdown = result.models as EvaluationResult["models"];
    const perModel = breakdown
      ? Object.fromEntries(breakdown.perModel.map((one) => [one.model, one.verdict]))
      : { [record.models[0] ?? "model"]: result.verdict };
    return { name: `judge: ${result.criterion_name}`, score: result.verdict, perModel, disagreement: breakdown?.disagreement ?? false };
  });
  return [...metrics, ...judge];
}

/** Telemetry carries no free text and one event per metric, so the dashboards' pass rates are exact; each model's score stays in the record. */
function scoreProps(score: number | null, models: ModelBreakdown<unknown> | undefined) {
  return {
    ...(score !== null ? { score } : {}),
    passed: score !== null && score >= PASSING_SCORE,
    ...(models && models.perModel.length > 1 ? { disagreement: models.disagreement } : {}),
  };
}
