import type { AzureMonitorOpenTelemetryOptions } from "applicationinsights";
import { scrubText } from "./redaction";

type SpanProcessor = NonNullable<AzureMonitorOpenTelemetryOptions["spanProcessors"]>[number];
type LogRecordProcessor = NonNullable<AzureMonitorOpenTelemetryOptions["logRecordProcessors"]>[number];
type Attributes = Record<string, unknown>;

/**
 * A second line of defence for what the SDK collects by itself (HTTP requests and dependencies, uncaught exceptions): every string
 * attribute is scrubbed with the same patterns as our own properties. Our custom events are already redacted before they are emitted.
 */
function scrubAttributes(attributes: Attributes | undefined): void {
  if (!attributes) return;
  for (const [key, value] of Object.entries(attributes)) {
    if (typeof value === "string") attributes[key] = scrubText(value);
    else if (Array.isArray(value))
      attributes[key] = (value as unknown[]).map((item) => (typeof item === "string" ? scrubText(item) : item));
  }
}

/** Scrubs span attributes as spans end, before export. */
export const redactingSpanProcessor: SpanProcessor = {
  onStart: () => undefined,
  onEnd: (span) => scrubAttributes(span.attributes),
  forceFlush: async () => undefined,
  shutdown: async () => undefined,
};

/** Scrubs log record attributes and string bodies (exceptions, traces) as they are emitted. */
export const redactingLogProcessor: LogRecordProcessor = {
  onEmit: (record) => {
    scrubAttributes(record.attributes);
    if (typeof record.body === "string") record.body = scrubText(record.body);
  },
  forceFlush: async () => undefined,
  shutdown: async () => undefined,
};
