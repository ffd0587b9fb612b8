import { QueueServiceClient, type QueueClient, type StoragePipelineOptions } from "@azure/storage-queue";
import { SystemError, describeError, type RunMessage } from "../domain";
import type { LeasedMessage, RunQueue } from "../workflow/ports";

/** Where the queue service is and how to authenticate: a connection string (Azurite) or a URL with managed identity. */
export type QueueTarget = { connectionString: string } | { url: string };

/** The suffix of the queue that keeps poisoned messages for inspection. */
export const POISON_SUFFIX = "-poison";

/** Storage caps one receive at 32 messages. */
const MAX_RECEIVE = 32;

/**
 * Fail fast enough that an inbound turn can tell the user the queue is unreachable within seconds;
 * the worker's own loop retries receives anyway.
 */
const PIPELINE: StoragePipelineOptions = { retryOptions: { maxTries: 2, tryTimeoutInMs: 5_000, retryDelayInMs: 200 } };

/** The run queue on Azure Storage Queues (or Azurite): the visibility timeout is the lease. */
export class AzureStorageRunQueue implements RunQueue {
  private constructor(
    private readonly queue: QueueClient,
    private readonly poison: QueueClient,
    readonly description: string,
  ) {}

  /** Connects and creates the queue and its poison queue when missing (concurrent creators are fine). */
  static async open(target: QueueTarget, name: string): Promise<AzureStorageRunQueue> {
    const service = await serviceClient(target);
    const queue = service.getQueueClient(name);
    const poison = service.getQueueClient(`${name}${POISON_SUFFIX}`);
    await queueCall(`create queue ${name}`, () => Promise.all([queue.createIfNotExists(), poison.createIfNotExists()]));
    return new AzureStorageRunQueue(queue, poison, `${new URL(queue.url).origin}/…/${name}`);
  }

  async enqueue(message: RunMessage): Promise<void> {
    await queueCall("enqueue", () => this.queue.sendMessage(JSON.stringify(message)));
  }

  async receive(max: number, leaseSeconds: number): Promise<LeasedMessage[]> {
    const response = await queueCall("receive", () =>
      this.queue.receiveMessages({ numberOfMessages: Math.min(Math.max(1, max), MAX_RECEIVE), visibilityTimeout: leaseSeconds }),
    );
    return response.receivedMessageItems.map((item) => {
      let popReceipt = item.popReceipt;
      const id = item.messageId;
      // Every update hands out a new pop receipt that the next operation must name: one at a time.
      let last: Promise<unknown> = Promise.resolve();
      const inTurn = <T>(operation: () => Promise<T>): Promise<T> => {
        const next = last.then(operation, operation);
        last = next.catch(() => undefined);
        return next;
      };
      // A renewal that was queued behind the deletion has nothing left to renew.
      let deleted = false;
      const setVisibility = (what: string, seconds: number) =>
        inTurn(async () => {
          if (deleted) return;
          const updated = await queueCall(`${what} ${id}`, () => this.queue.updateMessage(id, popReceipt, undefined, seconds));
          popReceipt = updated.popReceipt!;
        });
      return {
        id,
        body: item.messageText,
        deliveryCount: item.dequeueCount,
        renew: (seconds: number) => setVisibility("renew", seconds),
        complete: () =>
          inTurn(async () => {
            await queueCall(`delete ${id}`, () => this.queue.deleteMessage(id, popReceipt));
            deleted = true;
          }),
        release: (delaySeconds: number) => setVisibility("release", delaySeconds),
      };
    });
  }

  async quarantine(message: LeasedMessage, reason: string): Promise<void> {
    const kept = JSON.stringify({ id: message.id, deliveryCount: message.deliveryCount, reason, body: message.body, at: new Date().toISOString() });
    // A TTL of -1 keeps the message until an operator deletes it.
    await queueCall("quarantine", () => this.poison.sendMessage(kept, { messageTimeToLive: -1 }));
    await message.complete();
  }

  async close(): Promise<void> {
    // The SDK holds no connection that needs closing.
  }
}

async function serviceClient(target: QueueTarget): Promise<QueueServiceClient> {
  if ("connectionString" in target) return QueueServiceClient.fromConnectionString(target.connectionString, PIPELINE);
  const { DefaultAzureCredential } = await import("@azure/identity");
  return new QueueServiceClient(target.url, new DefaultAzureCredential(), PIPELINE);
}

/** One queue operation; a failure becomes a SystemError naming it, with the SDK error as `cause`. */
async function queueCall<T>(operation: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    throw new SystemError(`Run queue ${operation} failed${status ? ` (${status})` : ""}: ${describeError(error)}`, { cause: error });
  }
}
