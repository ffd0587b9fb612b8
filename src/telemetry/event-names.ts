/**
 * Custom event and metric names. Dashboards (infra/workbook.json) and alerts query these exact
 * names: renaming one is a breaking change for operations.
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

/** One of the custom event names. */
export type TelemetryEventName = (typeof TelemetryEvent)[keyof typeof TelemetryEvent];

/** Histogram names (customMetrics). Token usage follows the OpenTelemetry GenAI semantic conventions. */
export const TelemetryMetric = {
  executorDuration: "procura.executor.duration",
  runDuration: "procura.run.duration",
  tokenUsage: "gen_ai.client.token.usage",
} as const;
