export { createTelemetry } from "./telemetry";
export { noopTelemetry, type Telemetry, type ExceptionContext } from "./telemetry-port";
export type { ApprovalDecidedProps, FeedbackReceivedProps, RenewalAlertProps, TranscriptEvaluatedProps } from "./records";
export { TelemetryEvent, TelemetryMetric, type TelemetryEventName } from "./event-names";
export { redactProperties, scrubText, redactError } from "./redaction";
