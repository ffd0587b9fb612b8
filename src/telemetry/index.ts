export { createTelemetry } from "./telemetry";
export { noopTelemetry, type Telemetry, type ExceptionContext } from "./telemetry-port";
export {
  TelemetryEvent,
  TelemetryMetric,
  type ApprovalDecidedProps,
  type FeedbackReceivedProps,
  type TelemetryEventName,
  type TranscriptEvaluatedProps,
} from "./records";
export { redactProperties, scrubText, redactError } from "./redaction";
