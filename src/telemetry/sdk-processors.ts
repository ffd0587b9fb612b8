/** The processors the Azure Monitor SDK runs on what it collects: redaction, and span ids chosen by us. */
import type { AzureMonitorOpenTelemetryOptions } from "applicationinsights";
import { scrubText } from "./redaction";

type SpanProcessor = NonNullable<AzureMonitorOpenTelemetryOptions["spanProcessors"]>[number];
type LogRecordProcessor = NonNullable<AzureMonitorOpenTelemetryOptions["logRecordProcessors"]>[number];

/**
 * A second line of defence for what the SDK collects by itself (HTTP requests and dependencies, uncaught exceptions): every string
 * attribute is scrubbed with the same patterns as our own properties. Our custom events are already redacted before they are emitted.
 */
function scrubAttributes(attributes: Record<string, unknown> | undefined): void {
  if (!attributes) return;
  for (const [key, value] of Object.entries(attributes)) {
    if (typeof value === "string") attributes[key] = scrubText(value);
    else if (Array.isArray(value))
      attributes[key] = (value as unknown[]).map((item) => (typeof item === "string" ? scrubText(item) : item));
  }
}

export const redactingSpanProcessor: SpanProcessor = {
  onStart: () => undefined,
  onEnd: (span) => scrubAttributes(span.attributes),
  forceFlush: async () => undefined,
  shutdown: async () => undefined,
};

export const redactingLogProcessor: LogRecordProcessor = {
  onEmit: (record) => {
    scrubAttributes(record.attributes);
    if (typeof record.body === "string") record.body = scrubText(record.body);
  },
  forceFlush: async () => undefined,
  shutdown: async () => undefined,
};

/**
 * Attributes that give a span ids chosen by us rather than by the SDK. The run span and executor spans are written after the fact (often by
 * another process than the one that ran their children), so their ids must be known in advance: the run's is derived from the run id, an
 * executor's is the step id stored in the run's events. The SDK has no id-generator option through the distro.
 */
export const PIN_TRACE_ID = "procura.pin.trace_id";
export const PIN_SPAN_ID = "procura.pin.span_id";

export const pinnedSpanIdsProcessor: SpanProcessor = {
  onStart: (span) => {
    const attributes = (span as unknown as { attributes: Record<string, unknown> }).attributes;
    const context = span.spanContext();
    const traceId = attributes[PIN_TRACE_ID];
    const spanId = attributes[PIN_SPAN_ID];
    if (typeof traceId === "string" && /^[0-9a-f]{32}$/.test(traceId)) context.traceId = traceId;
    if (typeof spanId === "string" && /^[0-9a-f]{16}$/.test(spanId)) context.spanId = spanId;
    // The pins are instructions to this processor, not data: they must not be exported.
    /* eslint-disable @typescript-eslint/no-dynamic-delete */
    delete attributes[PIN_TRACE_ID];
    delete attributes[PIN_SPAN_ID];
    /* eslint-enable @typescript-eslint/no-dynamic-delete */
  },
  onEnd: () => undefined,
  forceFlush: async () => undefined,
  shutdown: async () => undefined,
};
