import type { CanaryCompletedProps, CanaryScoredProps, RenewalAlertProps, RunState, TranscriptEvaluatedProps } from "../domain";
import type { EventSink } from "../workflow/ports";
import type { ApprovalDecidedProps, FeedbackReceivedProps, ModelEndpointChangedProps, ModelStreamTimedProps } from "./records";

/**
 * What the product reports to Application Insights: fire-and-forget, never throwing, every property through redaction.ts. Model and Cosmos
 * calls are collected by the SDK's own instrumentation. A run is one trace (`runTrace`): the run span, its executors (`invoke_agent`), gate
 * and approval as children, each tool call (`execute_tool`) under its executor.
 */
export interface Telemetry {
  readonly enabled: boolean;
  readonly eventSink: EventSink;
  runCompleted(state: RunState): void;
  approvalDecided(props: ApprovalDecidedProps): void;
  feedbackReceived(props: FeedbackReceivedProps): void;
  renewalAlert(props: RenewalAlertProps): void;
  modelEndpointChanged(props: ModelEndpointChangedProps): void;
  modelStreamTimed(props: ModelStreamTimedProps): void;
  transcriptEvaluated(props: TranscriptEvaluatedProps): void;
  canaryCompleted(props: CanaryCompletedProps): void;
  canaryScored(props: CanaryScoredProps): void;
  exception(error: unknown, context: { correlationId: string; runId?: string; step?: string }): void;
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

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
