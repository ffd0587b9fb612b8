import type { AppConfig } from "../config";
import type { Log } from "../domain";
import { openCosmosStore, type CosmosStore } from "../storage";
import { createTelemetry, type Telemetry } from "../telemetry";

/** Runs a job outside the bot on the Cosmos store and telemetry it opens, then flushes and closes them whatever happens. */
export async function withJobContext<T>(
  config: AppConfig,
  log: Log,
  job: (context: { store: CosmosStore; telemetry: Telemetry }) => Promise<T>,
): Promise<T> {
  const telemetry = createTelemetry(config, log);
  const store = await openCosmosStore(config, { log });
  try {
    return await job({ store, telemetry });
  } finally {
    await telemetry.flush();
    await store.close();
  }
}
