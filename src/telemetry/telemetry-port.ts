import type { RenewalAlertProps, RunState } from "../domain";
import type { EventSink } from "../workflow/ports";
import type {
  ApprovalDecidedProps,
  CanaryCompletedProps,
  CanaryScoredProps,
  FeedbackReceivedProps,
  ModelEndpointChangedProps,
  ModelStreamTimedProps,
  TranscriptEvaluatedProps,
} from "./records";

/** Where an exception happened: the correlation id shown to the user, and the run when there is one. */
export interface ExceptionContext {
  correlationId: string;
  runId?: string;
  step?: string;
}

/**
 * What the product reports to Application Insights: fire-and-forget, never throwing, every property through redaction.ts. Model and Cosmos
 * calls are collected by the SDK's own instrumentation. A run is one trace (`runTrace`): the run span, its executors (`invoke_agent`), gate
 * and approval as children, each tool call (`execute_tool`) under its executor.
 */
export interface Telemetry {
  /** False when no connection string is configured (every method is then a no-op). */
  readonly enabled: boolean;
  /**
   * Workflow events in: `executor_started` → `ExecutorStarted`; `executor_completed` → `ExecutorCompleted` + metrics + executor span;
   * `tool_completed`, the gate's `phase_completed` and `run_completed` → their spans; `checkpoint_failed` → `CheckpointFailed`.
   */
  readonly eventSink: EventSink;
  /** `RunCompleted`, once per run when it reaches a terminal state. */
  runCompleted(state: RunState): void;
  /** `ApprovalDecided`, and the approval's span under its run. */
  approvalDecided(props: ApprovalDecidedProps): void;
  /** `FeedbackReceived`. */
  feedbackReceived(props: FeedbackReceivedProps): void;
  /** `RenewalAlert`: a renewal alert card posted, dismissed or asked about. */
  renewalAlert(props: RenewalAlertProps): void;
  /** `ModelEndpointChanged`: every failover to another model endpoint, and every breaker opening or closing. */
  modelEndpointChanged(props: ModelEndpointChangedProps): void;
  /** `ModelStreamTimed`: per streamed answer, the deployment's time to first text, speed and chunk size. */
  modelStreamTimed(props: ModelStreamTimedProps): void;
  /** `TranscriptEvaluated`, once per metric or judge criterion per transcript. */
  transcriptEvaluated(props: TranscriptEvaluatedProps): void;
  /** `CanaryCompleted`, once per golden-set canary run (also when it failed). */
  canaryCompleted(props: CanaryCompletedProps): void;
  /** `CanaryScored`, once per check kind of a canary run. */
  canaryScored(props: CanaryScoredProps): void;
  /** An exception with the correlation id the user was shown. */
  exception(error: unknown, context: ExceptionContext): void;
  /** Sends everything buffered now (call before a CLI or function exits). */
  flush(): Promise<void>;
  /** Flushes and stops the SDK (process shutdown). */
  shutdown(): Promise<void>;
}

/** Telemetry that records nothing: used when Application Insights is not configured. */
export const noopTelemetry: Telemetry = {
  enabled: false,
  eventSink: { emit: () => undefined },
  runCompleted: () => undefined,
  approvalDecided: () => undefined,
  feedbackReceived: () => undefined,
  renewalAlert: () => undefined,
  modelEndpointChanged: () => undefined,
  modelStreamTimed: () => undefined,
  transcriptEvaluated: () => undefined,
  canaryCompleted: () => undefined,
  canaryScored: () => undefined,
  exception: () => undefined,
  flush: async () => undefined,
  shutdown: async () => undefined,
};
