import type { Env, ModelProviderConfig } from "../config";
import type { Log, RunState } from "../domain";
import type { EventSink } from "../workflow/ports";
import type { EventProps } from "./records";

/**
 * What the product reports to Application Insights: fire-and-forget, never throwing, every property through redaction.ts. Model and Cosmos
 * calls are collected by the SDK's own instrumentation. A run is one trace (`runTrace`): the run span, its executors (`invoke_agent`), gate
 * and approval as children, each tool call (`execute_tool`) under its executor.
 */
export interface Telemetry {
  readonly enabled: boolean;
  readonly eventSink: EventSink;
  runCompleted(state: RunState): void;
  /** A custom event under its dashboard name; `ApprovalDecided` also closes the approval's span in its run's trace. */
  event<N extends keyof EventProps>(name: N, props: EventProps[N]): void;
  exception(error: unknown, context: { correlationId: string; runId?: string; step?: string }): void;
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

export const noopTelemetry: Telemetry = {
  enabled: false,
  eventSink: { emit: () => undefined },
  runCompleted: () => undefined,
  event: () => undefined,
  exception: () => undefined,
  flush: async () => undefined,
  shutdown: async () => undefined,
};

/** The SDK is process-global, so the started telemetry is too. */
let active: Telemetry | undefined;

/**
 * Starts Application Insights from `APPLICATIONINSIGHTS_CONNECTION_STRING` with the cloud role name `CLOUD_ROLE_NAME`, or returns the no-op
 * telemetry when the string is absent; says which, once. Later calls return the telemetry already started (see preload.ts, which starts it
 * before anything loads `http`, so outgoing calls are instrumented).
 */
export function createTelemetry(
  config: { env: Pick<Env, "APPLICATIONINSIGHTS_CONNECTION_STRING" | "CLOUD_ROLE_NAME">; provider: Pick<ModelProviderConfig, "kind"> },
  log: Log = console.log,
): Telemetry {
  const connectionString = config.env.APPLICATIONINSIGHTS_CONNECTION_STRING;
  if (!connectionString) {
    log("telemetry: off (APPLICATIONINSIGHTS_CONNECTION_STRING is not set)");
    return noopTelemetry;
  }
  if (active) return active;
  // Loaded only when telemetry is on: requiring the SDK costs 1–2 s at start-up.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a synchronous, lazy load
  const { startAzureMonitorTelemetry } = require("./azure-monitor-telemetry") as typeof import("./azure-monitor-telemetry");
  log(`telemetry: Application Insights, cloud role '${config.env.CLOUD_ROLE_NAME}'`);
  active = startAzureMonitorTelemetry(connectionString, config);
  return active;
}
