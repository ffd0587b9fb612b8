import type { DeploymentTiming, RunState, WorkflowEvent } from "../domain";
import type { ModelProviderConfig } from "../config";
import type { TelemetryValue } from "./redaction";

/**
 * Custom event and metric names. Dashboards (infra/workbook.json) and alerts query these exact names: renaming one is a breaking change for
 * operations.
 */
export const TelemetryEvent = {
  ExecutorStarted: "ExecutorStarted",
  ExecutorCompleted: "ExecutorCompleted",
  RunCompleted: "RunCompleted",
  ApprovalDecided: "ApprovalDecided",
  FeedbackReceived: "FeedbackReceived",
  RenewalAlert: "RenewalAlert",
  TranscriptEvaluated: "TranscriptEvaluated",
  CanaryCompleted: "CanaryCompleted",
  CanaryScored: "CanaryScored",
  CheckpointFailed: "CheckpointFailed",
  ModelEndpointChanged: "ModelEndpointChanged",
  ContentFiltered: "ContentFiltered",
  ModelStreamTimed: "ModelStreamTimed",
  CitationsDropped: "CitationsDropped",
} as const;

export type TelemetryEventName = (typeof TelemetryEvent)[keyof typeof TelemetryEvent];

/** Histogram names (customMetrics). Token usage follows the OpenTelemetry GenAI semantic conventions. */
export const TelemetryMetric = {
  executorDuration: "procura.executor.duration",
  runDuration: "procura.run.duration",
  tokenUsage: "gen_ai.client.token.usage",
} as const;

// Pure mappings from domain facts to telemetry items, none trusted to be safe: every property still goes through redaction.ts.
type RawProperties = Record<string, TelemetryValue | null | undefined>;

export interface EventRecord {
  name: TelemetryEventName;
  properties: RawProperties;
}

export interface MetricRecord {
  name: string;
  value: number;
  unit: string;
  attributes: RawProperties;
}

/**
 * A span written after the fact from a workflow fact, in its run's trace (see `runTrace` in span-records.ts): the run span is the root, executor, gate and
 * approval spans are its children, tool spans the children of the executor that called them.
 */
export interface SpanRecord {
  name: string;
  startTime: Date;
  endTime: Date;
  ok: boolean;
  traceId: string;
  /** The span's own id when children refer to it (run and executor spans); otherwise the SDK picks one. */
  spanId?: string;
  /** Absent for the run span, the root of its trace. */
  parentSpanId?: string;
  attributes: RawProperties;
}

/** What each custom event that the product reports by name carries; the workflow's own events come from `workflowEventRecord`. */
export interface EventProps {
  ApprovalDecided: {
    approvalId: string;
    runId: string;
    decision: "approved" | "edited" | "rejected" | "expired";
    waitMs: number;
  };
  /** A 👍/👎 on an answer; whether a comment came with it, never the comment. */
  FeedbackReceived: {
    runId: string;
    rating: "up" | "down";
    hasComment: boolean;
  };
  /** A renewal alert posted (`sent`), dismissed or asked about: the contract id and the days left, never names. */
  RenewalAlert: {
    action: "sent" | "dismissed" | "asked";
    contractId: string;
    daysLeft: number;
  };
  /**
   * A model call failed over to another endpoint, or an endpoint's circuit breaker opened or closed. The fault travels as its kind only; the
   * endpoint URLs name no secret.
   */
  ModelEndpointChanged: {
    change: "failover" | "circuit_opened" | "circuit_closed";
    endpoint: string;
    toEndpoint?: string;
    faultKind?: string;
  };
  /** How fast one streamed answer came from a deployment at an endpoint (what `npm run bench -- calibrate` reads). */
  ModelStreamTimed: DeploymentTiming & { endpoint: string; deployment: string };
  /** One metric or judge criterion scored on one transcript: ids, names and numbers only, never message text. */
  TranscriptEvaluated: {
    transcriptId: string;
    runId?: string;
    /** `AgentGoalAccuracy`, `TopicAdherence` (precision), `TopicRecall` or `Judge`. */
    metric: string;
    criterion?: string;
    verdict?: "PASS" | "FAIL" | "UNSURE";
    score?: number;
    passed: boolean;
    model?: string;
    durationMs?: number;
    /** With several evaluation models: whether they disagree (each model's score is in the stored record). */
    disagreement?: boolean;
  };
  CanaryCompleted: {
    canaryRunId: string;
    outcome: "completed" | "failed";
    provider: string;
    routerModel: string;
    specialistModel: string;
    moderatorModel: string;
    cases: number;
    passedCount: number;
    failedCount: number;
    skippedCount: number;
    passRate?: number;
    durationMs: number;
  };
  CanaryScored: {
    canaryRunId: string;
    /** `ToolCallAccuracy`, `AgentGoalAccuracy`, `TopicAdherence`, `Judge` or `Run`. */
    metric: string;
    /** The Judge criterion as a slug (`no-invented-figures`): telemetry drops values with spaces. */
    criterion?: string;
    score?: number;
    passRate: number;
  };
}

/** The `gen_ai.provider.name` of a model provider (OpenTelemetry GenAI semantic conventions). */
export function genAiProviderName(provider: ModelProviderConfig["kind"]): string {
  return { "azure-openai": "azure.ai.openai", "openai-compatible": "openai", offline: "procura.offline" }[provider];
}

export function executorMetrics(event: WorkflowEvent): MetricRecord[] {
  const records: MetricRecord[] = [];
  if (event.durationMs !== undefined)
    records.push({
      name: TelemetryMetric.executorDuration,
      value: event.durationMs,
      unit: "ms",
      attributes: { executor: event.executor, model: event.model, outcome: event.outcome },
    });
  for (const [type, value] of [
    ["input", event.inputTokens],
    ["output", event.outputTokens],
  ] as const)
    if (value !== undefined && value > 0 && event.model)
      records.push({
        name: TelemetryMetric.tokenUsage,
        value,
        unit: "{token}",
        attributes: { "gen_ai.operation.name": "chat", "gen_ai.request.model": event.model, "gen_ai.token.type": type },
      });
  return records;
}

/**
 * The custom event of a workflow event, if it has one: `ExecutorStarted` (one with no `ExecutorCompleted` is a stuck or lost step),
 * `ExecutorCompleted` with its cost and outcome, and what was filtered or dropped (categories and counts, never the text or the records).
 */
export function workflowEventRecord(event: WorkflowEvent): EventRecord | undefined {
  const { runId, executor, round, attempt, phase } = event;
  switch (event.type) {
    case "executor_started":
      return { name: TelemetryEvent.ExecutorStarted, properties: { runId, executor, round, phase, attempt } };
    case "executor_completed": {
      const { durationMs, model, inputTokens, outputTokens, cachedInputTokens, reasoningTokens, outcome } = event;
      const properties = { durationMs, model, inputTokens, outputTokens, cachedInputTokens, reasoningTokens, outcome, attempt, round };
      return { name: TelemetryEvent.ExecutorCompleted, properties: { runId, executor, ...properties } };
    }
    case "content_filtered":
      return {
        name: TelemetryEvent.ContentFiltered,
        properties: { runId, executor, source: event.filter?.source, categories: event.filter?.categories.join(",") },
      };
    case "citations_dropped":
      return { name: TelemetryEvent.CitationsDropped, properties: { runId, executor, droppedCitations: event.droppedCitations } };
    case "checkpoint_failed":
      return { name: TelemetryEvent.CheckpointFailed, properties: { runId, phase } };
    default:
      return undefined;
  }
}

function runDurationMs(state: RunState): number {
  return Math.max(0, Date.parse(state.endedAt ?? state.updatedAt) - Date.parse(state.startedAt));
}

export function runCompletedEvent(state: RunState): EventRecord {
  return {
    name: TelemetryEvent.RunCompleted,
    properties: {
      runId: state.runId,
      selected: state.decision?.selected.join(","),
      fallback: state.decision?.fallback ?? false,
      qscoreInitial: state.quality.initialScore,
      qscoreFinal: state.quality.finalScore,
      retried: state.quality.retried,
      hitl: state.approval !== undefined || state.status === "awaiting_approval",
      totalMs: runDurationMs(state),
      status: state.status,
      attempts: state.attempts,
      offline: state.offline,
      language: state.language,
      // How the message was understood and how many remembered turns it saw; never the turns' text.
      understanding: state.understanding?.kind,
      memoryTurns: state.understanding?.turnsSeen,
      debateMode: state.decision?.debateMode,
      evidenceNeed: state.decision?.evidenceNeed,
      failedSpecialists: state.findings.filter((finding) => finding.status === "failed").length,
      inputTokens: state.usage.inputTokens,
      outputTokens: state.usage.outputTokens,
      cachedInputTokens: state.usage.cachedInputTokens,
      reasoningTokens: state.usage.reasoningTokens,
      correlationId: state.failure?.correlationId,
    },
  };
}

export function runMetric(state: RunState): MetricRecord {
  return { name: TelemetryMetric.runDuration, value: runDurationMs(state), unit: "ms", attributes: { status: state.status } };
}

export function propsEvent<N extends keyof EventProps>(name: N, props: EventProps[N]): EventRecord {
  return { name, properties: { ...props } };
}
