import type { Env, ModelProviderConfig } from "../config";
import { noopTelemetry, type Telemetry } from "./telemetry-port";
import type { Log } from "../domain";

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
  active = startAzureMonitorTelemetry({
    connectionString,
    cloudRoleName: config.env.CLOUD_ROLE_NAME,
    provider: config.provider.kind,
  });
  return active;
}
