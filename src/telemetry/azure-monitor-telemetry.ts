import { metrics, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags, type Histogram } from "@opentelemetry/api";
import { logs, SeverityNumber } from "@opentelemetry/api-logs";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { flushAzureMonitor, shutdownAzureMonitor, useAzureMonitor } from "applicationinsights";
import { systemClock, type WorkflowEvent } from "../domain";
import { PIN_SPAN_ID, PIN_TRACE_ID, pinnedSpanIdsProcessor, redactingLogProcessor, redactingSpanProcessor } from "./sdk-processors";
import { redactError, redactProperties } from "./redaction";
import {
  executorMetrics,
  genAiProviderName,
  propsEvent,
  runCompletedEvent,
  runMetric,
  workflowEventRecord,
  type EventProps,
  type EventRecord,
  type MetricRecord,
  type SpanRecord,
} from "./records";
import { approvalSpan, workflowSpan } from "./span-records";
import type { createTelemetry, Telemetry } from "./telemetry";

/** The exporter turns a log record carrying this attribute into a custom event (customEvents). */
const CUSTOM_EVENT_NAME = "microsoft.custom_event.name";
const SCOPE = "procura";

/**
 * Starts the Azure Monitor OpenTelemetry distro (process-global: call once, see createTelemetry) and returns the Telemetry that writes
 * through it.
 */
export function startAzureMonitorTelemetry(connectionString: string, config: Parameters<typeof createTelemetry>[0]): Telemetry {
  useAzureMonitor({
    azureMonitorExporterOptions: { connectionString },
    resource: resourceFromAttributes({ "service.name": config.env.CLOUD_ROLE_NAME }),
    // Every span is kept: volumes are small and the dashboards count exactly.
    samplingRatio: 1,
    tracesPerSecond: 0,
    instrumentationOptions: { http: { enabled: true }, azureSdk: { enabled: true } },
    spanProcessors: [pinnedSpanIdsProcessor, redactingSpanProcessor],
    logRecordProcessors: [redactingLogProcessor],
  });
  return writerTelemetry(genAiProviderName(config.provider.kind));
}

function writerTelemetry(providerName: string): Telemetry {
  const logger = logs.getLogger(SCOPE);
  const tracer = trace.getTracer(SCOPE);
  const meter = metrics.getMeter(SCOPE);
  const histograms = new Map<string, Histogram>();

  const safely = (write: () => void) => {
    try {
      write();
    } catch (error) {
      // Telemetry must never break a run; the SDK reports its own export failures.
      console.warn(`telemetry: dropped an item (${redactError(error).message})`);
    }
  };
  const event = (record: EventRecord) =>
    logger.emit({ attributes: { [CUSTOM_EVENT_NAME]: record.name, ...redactProperties(record.properties) } });
  const metric = (record: MetricRecord) => {
    let histogram = histograms.get(record.name);
    if (!histogram) {
      histogram = meter.createHistogram(record.name, { unit: record.unit });
      histograms.set(record.name, histogram);
    }
    histogram.record(record.value, redactProperties(record.attributes));
  };
  const span = (record: SpanRecord | undefined) => {
    if (!record) return;
    const pinned = {
      ...(record.spanId ? { [PIN_SPAN_ID]: record.spanId } : {}),
      ...(record.parentSpanId ? {} : { [PIN_TRACE_ID]: record.traceId }),
    };
    const parent = record.parentSpanId
      ? trace.setSpanContext(ROOT_CONTEXT, {
          traceId: record.traceId,
          spanId: record.parentSpanId,
          traceFlags: TraceFlags.SAMPLED,
          isRemote: true,
        })
      : ROOT_CONTEXT;
    tracer
      .startSpan(
        record.name,
        {
          kind: SpanKind.INTERNAL,
          startTime: record.startTime,
          attributes: { ...redactProperties(record.attributes), ...pinned },
          root: !record.parentSpanId,
        },
        parent,
      )
      .setStatus({ code: record.ok ? SpanStatusCode.OK : SpanStatusCode.ERROR })
      .end(record.endTime);
  };
  const workflowEvent = (workflowEvent: WorkflowEvent) => {
    const record = workflowEventRecord(workflowEvent);
    if (record) event(record);
    if (workflowEvent.type === "executor_completed") executorMetrics(workflowEvent).forEach(metric);
    span(workflowSpan(workflowEvent, providerName));
  };

  return {
    enabled: true,
    eventSink: { emit: (event) => safely(() => workflowEvent(event)) },
    runCompleted: (state) =>
      safely(() => {
        event(runCompletedEvent(state));
        metric(runMetric(state));
      }),
    event: (name, props) =>
      safely(() => {
        event(propsEvent(name, props));
        if (name === "ApprovalDecided") span(approvalSpan(props as EventProps["ApprovalDecided"], systemClock.now()));
      }),
    exception: (error, context) =>
      safely(() => {
        const safe = redactError(error);
        const kind = error instanceof Error && "kind" in error ? String(error.kind) : undefined;
        logger.emit({
          severityNumber: SeverityNumber.ERROR,
          attributes: {
            "exception.type": safe.type,
            "exception.message": safe.message,
            "exception.stacktrace": safe.stack,
            ...redactProperties({ ...context, errorKind: kind }),
          },
        });
      }),
    flush: () => flushAzureMonitor(),
    shutdown: () => shutdownAzureMonitor(),
  };
}
