export { createTelemetry, noopTelemetry, type Telemetry, type ExceptionContext } from "./telemetry";
export type { ApprovalDecidedProps, FeedbackReceivedProps, TranscriptEvaluatedProps } from "./records";
export { TelemetryEvent, TelemetryMetric, type TelemetryEventName } from "./event-names";
export { redactProperties, scrubText, redactError } from "./redaction";
