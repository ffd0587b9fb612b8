export { createTelemetry, noopTelemetry, type Telemetry } from "./telemetry";
