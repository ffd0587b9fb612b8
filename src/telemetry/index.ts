export { createTelemetry } from "./telemetry";
export { noopTelemetry, type Telemetry } from "./telemetry-port";
