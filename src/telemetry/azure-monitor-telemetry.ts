import { SpanKind, SpanStatusCode, metrics, trace, type Histogram } from "@opentelemetry/api";
import { SeverityNumber, logs } from "@opentelemetry/api-logs";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { flushAzureMonitor, shutdownAzureMonitor, useAzureMonitor } from "applicationinsights";
import type { ModelProviderConfig } from "../config";
import type { WorkflowEvent } from "../domain";
import { redactingLogProcessor, redactingSpanProcessor } from "./redacting-processors";
import { redactError, redactProperties } from "./redaction";
import {
  approvalDecidedEvent,
  checkpointFailedEvent,
  executorCompletedEvent,
  executorMetrics,
  executorSpan,
  feedbackReceivedEvent,
  modelEndpointChangedEvent,
  genAiProviderName,
  runCompletedEvent,
  runMetric,
  transcriptEvaluatedEvent,
  type EventRecord,
  type MetricRecord,
} from "./records";
import type { Telemetry } from "./telemetry";

/** What the Azure Monitor telemetry needs to start. */
export interface AzureMonitorSettings {
  connectionString: string;
  cloudRoleName: string;
  provider: ModelProviderConfig["kind"];
}

/** The exporter turns a log record carrying this attribute into a custom event (customEvents). */
const CUSTOM_EVENT_NAME = "microsoft.custom_event.name";
const SCOPE = "procura";

/**
 * Starts the Azure Monitor OpenTelemetry distro (process-global: call once, see createTelemetry)
 * and returns the Telemetry that writes through it.
 */
export function startAzureMonitorTelemetry(settings: AzureMonitorSettings): Telemetry {
  useAzureMonitor({
    azureMonitorExporterOptions: { connectionString: settings.connectionString },
    resource: resourceFromAttributes({ "service.name": settings.cloudRoleName }),
    // Every span is kept: volumes are small and the dashboards count exactly.
    samplingRatio: 1,
    tracesPerSecond: 0,
    instrumentationOptions: { http: { enabled: true }, azureSdk: { enabled: true } },
    spanProcessors: [redactingSpanProcessor],
    logRecordProcessors: [redactingLogProcessor],
  });
  return writerTelemetry(genAiProviderName(settings.provider));
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
  const executorCompleted = (workflowEvent: WorkflowEvent) => {
    event(executorCompletedEvent(workflowEvent));
    executorMetrics(workflowEvent).forEach(metric);
    const span = executorSpan(workflowEvent, providerName);
    if (!span) return;
    tracer
      .startSpan(span.name, { kind: SpanKind.INTERNAL, startTime: span.startTime, attributes: redactProperties(span.attributes) })
      .setStatus({ code: span.ok ? SpanStatusCode.OK : SpanStatusCode.ERROR })
      .end(span.endTime);
  };

  return {
    enabled: true,
    eventSink: {
      emit: (workflowEvent) =>
        safely(() => {
          if (workflowEvent.type === "executor_completed") executorCompleted(workflowEvent);
          else if (workflowEvent.type === "checkpoint_failed") event(checkpointFailedEvent(workflowEvent));
        }),
    },
    runCompleted: (state) =>
      safely(() => {
        event(runCompletedEvent(state));
        metric(runMetric(state));
      }),
    approvalDecided: (props) => safely(() => event(approvalDecidedEvent(props))),
    feedbackReceived: (props) => safely(() => event(feedbackReceivedEvent(props))),
    modelEndpointChanged: (props) => safely(() => event(modelEndpointChangedEvent(props))),
    transcriptEvaluated: (props) => safely(() => event(transcriptEvaluatedEvent(props))),
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
