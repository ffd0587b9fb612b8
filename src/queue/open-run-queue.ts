import { randomBytes } from "node:crypto";
import type { Env } from "../config";
import { ConfigurationError } from "../domain/errors";
import type { RunQueue } from "../workflow/ports";
import { AzureStorageRunQueue } from "./azure-storage-run-queue";
import { sharedEmbeddedAzurite } from "./embedded-azurite";
import type { Log } from "../domain";

/** The settings the run queue reads: where the queue is, and whether the store is shared (COSMOS_ENDPOINT). */
export interface RunQueueSettings {
  env: Pick<Env, "RUN_QUEUE_URL" | "RUN_QUEUE_CONNECTION_STRING" | "RUN_QUEUE_NAME" | "COSMOS_ENDPOINT" | "NODE_ENV">;
}

/**
 * Fails at start-up, before anything is opened, when the queue cannot be chosen: an external Cosmos (shared by several instances) needs a
 * real queue they share too.
 */
export function assertRunQueueConfigured(config: RunQueueSettings): void {
  const { env } = config;
  if (env.RUN_QUEUE_URL || env.RUN_QUEUE_CONNECTION_STRING || !env.COSMOS_ENDPOINT) return;
  throw new ConfigurationError(
    "Invalid configuration: RUN_QUEUE_URL is required when COSMOS_ENDPOINT is set (e.g. https://<account>.queue.core.windows.net, with the Storage Queue Data Contributor role for this app's identity), or RUN_QUEUE_CONNECTION_STRING for Azurite in development — every instance must share the run queue as it shares the store",
  );
}

/**
 * Opens the run queue: RUN_QUEUE_CONNECTION_STRING (Azurite), RUN_QUEUE_URL (managed identity), or — when neither is set and Cosmos is
 * embedded — a queue of its own on the process's embedded Azurite (each embedded store gets its own queue, as it gets its own in-memory
 * database).
 */
export async function openRunQueue(config: RunQueueSettings, options: { log?: Log } = {}): Promise<RunQueue> {
  const log = options.log ?? ((line: string) => console.log(line));
  const { env } = config;
  assertRunQueueConfigured(config);
  if (env.RUN_QUEUE_CONNECTION_STRING)
    return AzureStorageRunQueue.open({ connectionString: env.RUN_QUEUE_CONNECTION_STRING }, env.RUN_QUEUE_NAME);
  if (env.RUN_QUEUE_URL) return AzureStorageRunQueue.open({ url: env.RUN_QUEUE_URL }, env.RUN_QUEUE_NAME);
  if (env.NODE_ENV === "production")
    throw new ConfigurationError(
      "Invalid configuration: RUN_QUEUE_URL is required when NODE_ENV=production (the embedded Azurite queue is in memory and local to this process)",
    );
  const azurite = await sharedEmbeddedAzurite();
  const name = `${env.RUN_QUEUE_NAME.slice(0, 40).replace(/-+$/, "")}-${randomBytes(4).toString("hex")}`;
  const queue = await AzureStorageRunQueue.open({ connectionString: azurite.connectionString }, name);
  log(
    `Run queue: no RUN_QUEUE_URL set, using an embedded Azurite queue (${queue.description}); queued runs will not survive this process.`,
  );
  return queue;
}
