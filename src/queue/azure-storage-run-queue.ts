import { createHash } from "node:crypto";
import { QueueServiceClient, type QueueClient, type ReceivedMessageItem, type StoragePipelineOptions } from "@azure/storage-queue";
import { SystemError, describeError, systemClock, type RunMessage } from "../domain";
import { QUEUE_CALL_DEADLINE_MS, withDeadline } from "../resilience";
import type { LeasedMessage, RunQueue } from "../workflow/ports";

/** Where the queue service is and how to authenticate: a connection string (Azurite) or a URL with managed identity. */
export type QueueTarget = { connectionString: string } | { url: string };

export const POISON_SUFFIX = "-poison";

/** Storage caps one receive at 32 messages. */
const MAX_RECEIVE = 32;

/** Storage caps a message's text at 64 KiB of UTF-8 (a larger send is refused with 413). */
export const MAX_MESSAGE_BYTES = 65_536;

/** A poison record names why in at most this many characters (a validation message can quote the whole body). */
const MAX_REASON_CHARS = 1_000;

const EXCERPT_CHARS = 500;

/**
 * Fail fast enough that an inbound turn can tell the user the queue is unreachable within seconds; the worker's own loop retries receives
 * anyway. `tryTimeoutInMs` is only Storage's server-side `timeout=`: every call also carries a client-side deadline (`queueCall`).
 */
const PIPELINE: StoragePipelineOptions = { retryOptions: { maxTries: 2, tryTimeoutInMs: 5_000, retryDelayInMs: 200 } };

/**
 * The suffix of the queue holding the runs workers have started. A started run whose worker died reappears there, and workers take from it
 * before new questions: an interrupted run never waits behind a backlog of questions that arrived after it.
 */
const STARTED_SUFFIX = "-started";

type Received = Pick<ReceivedMessageItem, "messageId" | "popReceipt" | "messageText" | "dequeueCount">;

/**
 * The run queue on Azure Storage Queues (or Azurite): the visibility timeout is the lease. New questions arrive on the queue; a worker that
 * takes one moves it to the started queue under its lease, so a run orphaned by a dead worker comes back on the started queue, which is
 * read first.
 */
export class AzureStorageRunQueue implements RunQueue {
  private constructor(
    private readonly queue: QueueClient,
    private readonly started: QueueClient,
    private readonly poison: QueueClient,
    readonly description: string,
  ) {}

  /** Connects and creates the queue, its started and its poison queue when missing (concurrent creators are fine). */
  static async open(target: QueueTarget, name: string): Promise<AzureStorageRunQueue> {
    const service = await serviceClient(target);
    const [queue, started, poison] = [name, `${name}${STARTED_SUFFIX}`, `${name}${POISON_SUFFIX}`].map((queueName) =>
      service.getQueueClient(queueName),
    ) as [QueueClient, QueueClient, QueueClient];
    await queueCall(`create queue ${name}`, (abortSignal) =>
      Promise.all([queue, started, poison].map((client) => client.createIfNotExists({ abortSignal }))),
    );
    return new AzureStorageRunQueue(queue, started, poison, `${new URL(queue.url).origin}/…/${name}`);
  }

  async enqueue(message: RunMessage): Promise<void> {
    await queueCall("enqueue", (abortSignal) => this.queue.sendMessage(JSON.stringify(message), { abortSignal }));
  }

  /** Started runs that came back first, then new messages, `max` in all (never more than the caller can work on). */
  async receive(max: number, leaseSeconds: number): Promise<LeasedMessage[]> {
    const resumed = await this.take(this.started, max, leaseSeconds);
    // A started message was moved there at its first delivery, which its own count does not include.
    const held = resumed.map((item) => this.leased(this.started, { ...item, dequeueCount: item.dequeueCount + 1 }));
    if (held.length >= max) return held;
    const fresh = await this.take(this.queue, max - held.length, leaseSeconds);
    return [...held, ...(await Promise.all(fresh.map((item) => this.moveToStarted(item, leaseSeconds))))];
  }

  /**
   * Keeps the message in the poison queue with why, then removes it. A body too large to wrap (a message close to the 64 KiB cap) is kept
   * as it is, in a poison message of its own, and the record refers to it by id, size and SHA-256 with an excerpt: nothing is lost, nothing
   * is refused.
   */
  async quarantine(message: LeasedMessage, reason: string): Promise<void> {
    const record = {
      id: message.id,
      deliveryCount: message.deliveryCount,
      reason: reason.length > MAX_REASON_CHARS ? `${reason.slice(0, MAX_REASON_CHARS)}…` : reason,
      at: systemClock.now().toISOString(),
    };
    const wrapped = JSON.stringify({ ...record, body: message.body });
    if (Buffer.byteLength(wrapped, "utf8") <= MAX_MESSAGE_BYTES) await this.keep(wrapped);
    else {
      const bodyMessageId = await this.keep(message.body);
      await this.keep(
        JSON.stringify({
          ...record,
          bodyRef: {
            poisonMessageId: bodyMessageId,
            bytes: Buffer.byteLength(message.body, "utf8"),
            sha256: createHash("sha256").update(message.body, "utf8").digest("hex"),
          },
          bodyExcerpt: Array.from(message.body).slice(0, EXCERPT_CHARS).join(""),
        }),
      );
    }
    await message.complete();
  }

  /** Sends `text` to the poison queue, kept until an operator deletes it (a TTL of -1); resolves with its message id. */
  private async keep(text: string): Promise<string> {
    const sent = await queueCall("quarantine", (abortSignal) => this.poison.sendMessage(text, { messageTimeToLive: -1, abortSignal }));
    return sent.messageId;
  }

  async close(): Promise<void> {
    // The SDK holds no connection that needs closing.
  }

  private async take(from: QueueClient, max: number, leaseSeconds: number): Promise<Received[]> {
    const response = await queueCall("receive", (abortSignal) =>
      from.receiveMessages({ numberOfMessages: Math.min(Math.max(1, max), MAX_RECEIVE), visibilityTimeout: leaseSeconds, abortSignal }),
    );
    return response.receivedMessageItems;
  }

  /**
   * Moves a new message to the started queue, invisible for the lease (the copy is sent before the original is deleted, so nothing is
   * lost). When the copy cannot be sent, the original stays leased where it is; when the original cannot be deleted, it comes back once as
   * a duplicate delivery, which the run's conditional claim absorbs.
   */
  private async moveToStarted(item: Received, leaseSeconds: number): Promise<LeasedMessage> {
    const copy = await queueCall("move to started", (abortSignal) =>
      this.started.sendMessage(item.messageText, { visibilityTimeout: leaseSeconds, abortSignal }),
    ).catch(() => undefined);
    if (!copy) return this.leased(this.queue, item);
    await queueCall("delete moved", (abortSignal) => this.queue.deleteMessage(item.messageId, item.popReceipt, { abortSignal })).catch(
      () => undefined,
    );
    return this.leased(this.started, { ...item, messageId: copy.messageId, popReceipt: copy.popReceipt });
  }

  private leased(queue: QueueClient, item: Received): LeasedMessage {
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
        const updated = await queueCall(`${what} ${id}`, (abortSignal) =>
          queue.updateMessage(id, popReceipt, undefined, seconds, { abortSignal }),
        );
        if (updated.popReceipt === undefined) throw new Error(`${what} ${id}: the queue returned no pop receipt`);
        popReceipt = updated.popReceipt;
      });
    const complete = () =>
      inTurn(async () => {
        await queueCall(`delete ${id}`, (abortSignal) => queue.deleteMessage(id, popReceipt, { abortSignal }));
        deleted = true;
      });
    return {
      id,
      body: item.messageText,
      deliveryCount: item.dequeueCount,
      renew: (seconds: number) => setVisibility("renew", seconds),
      complete,
      release: (delaySeconds: number) => setVisibility("release", delaySeconds),
      requeue: async (delaySeconds: number) => {
        // The copy is sent before this one is deleted, so nothing is lost (at worst it runs twice, which the run's claim absorbs).
        await queueCall("requeue", (abortSignal) =>
          this.queue.sendMessage(item.messageText, { visibilityTimeout: delaySeconds, abortSignal }),
        );
        await complete();
      },
    };
  }
}

async function serviceClient(target: QueueTarget): Promise<QueueServiceClient> {
  if ("connectionString" in target) return QueueServiceClient.fromConnectionString(target.connectionString, PIPELINE);
  const { DefaultAzureCredential } = await import("@azure/identity");
  return new QueueServiceClient(target.url, new DefaultAzureCredential(), PIPELINE);
}

/**
 * One queue operation within its client-side deadline; a failure becomes a SystemError naming it, with the SDK error (or the missed
 * deadline) as `cause`.
 */
async function queueCall<T>(operation: string, fn: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
  try {
    return await withDeadline(`run queue ${operation}`, QUEUE_CALL_DEADLINE_MS, fn);
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    throw new SystemError(`Run queue ${operation} failed${status ? ` (${status})` : ""}: ${describeError(error)}`, { cause: error });
  }
}
