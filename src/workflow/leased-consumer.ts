import { createHash } from "node:crypto";
import { describeError, type Log } from "../domain";
import { QUEUE_REDELIVERY_RETRY, STORE_OUTAGE_RETRY, backoffDelayMs, retrying } from "../resilience";
import type { LeasedMessage, RunQueue } from "./ports";

/** What a message's work holds that must be let go when the lease is lost or the process stops (an owned run). */
export interface Holding {
  readonly owned: boolean;
  release(): void;
  /** Resolves once a send in progress has finished and been recorded. */
  idle(): Promise<void>;
}

export interface Job<H extends Holding = Holding> {
  readonly leased: LeasedMessage;
  holding?: H;
}

export type Parsed<M> = { ok: true; value: M } | { ok: false; error: string };

/** What one kind of queue message means: the consumer leases, renews, retries and sets aside; the handler works. */
export interface MessageHandler<M, H extends Holding> {
  parse(body: string): Parsed<M>;
  /** Does the message's work; resolves once the message may be deleted. Throws to have it delivered again. */
  handle(message: M, job: Job<H>): Promise<void>;
  /**
   * The message was delivered more often than allowed: tell whom it concerns and `setAside` the
   * message (kept for inspection), or delete it when its work turns out done (only the deletion had failed).
   */
  poisoned(message: M, job: Job<H>, reason: string, setAside: () => Promise<void>): Promise<void>;
  /** The message could be neither worked nor set aside: it is deleted; announce it. */
  dropped(leased: LeasedMessage, reason: string): Promise<void>;
  leaseLost(job: Job<H>): Promise<void>;
  /** An error that means the work was taken over is never retried. */
  isLeaseLost(error: unknown): boolean;
  /** Whose fair share the message's work counts against; undefined: nobody's. */
  userOf(message: M): string | undefined;
}

interface ConsumerSettings {
  concurrency: number;
  leaseSeconds: number;
  maxDeliveries: number;
  workBudgetMs: number;
  /** Messages of one user worked on at once: the user's next one goes to the back of the queue. */
  userShare: number;
}

/** A message over its user's share is queued again, visible after this long (others' messages are taken meanwhile). */
const OVER_SHARE_DELAY_SECONDS = 2;

/** Deliveries past `maxDeliveries` in which setting a message aside may fail before it is dropped: none is retried forever. */
export const SET_ASIDE_ATTEMPTS = 5;

// Idle polling backs off from MIN to MAX, so a message reaches an idle instance within half a second.
const MIN_IDLE_MS = 50;
const MAX_IDLE_MS = 500;

/**
 * A competing consumer of a leased queue (Azure's queue-based load levelling): takes up to
 * `concurrency` messages at a time, each leased; renews a lease while its work goes on; retries work
 * that fails while the store is briefly unreachable without spending a delivery; deletes a message
 * once its work is done; gives a failing one back with back-off, and sets aside one delivered too
 * often. A message whose worker died reappears when its lease expires and is taken by any instance.
 */
export class LeasedConsumer<M, H extends Holding> {
  private readonly jobs = new Set<{ job: Job<H>; task: Promise<void> }>();
  private readonly perUser = new Map<string, number>();
  private loop: Promise<void> | undefined;
  private stopping = false;
  private wakeUp: (() => void) | undefined;

  constructor(
    private readonly queue: RunQueue,
    private readonly handler: MessageHandler<M, H>,
    private readonly settings: ConsumerSettings,
    private readonly log: Log,
  ) {}

  start(): void {
    this.loop ??= this.poll();
  }

  /** Polls now instead of after the idle back-off (a message was just enqueued here). */
  wake(): void {
    this.wakeUp?.();
  }

  get size(): number {
    return this.jobs.size;
  }

  /**
   * Stops taking messages and waits up to `graceMs` for the work in hand; any still unfinished is
   * let go (it writes and sends nothing more) and its message made visible at once, so another
   * instance takes it. True when all finished in time.
   */
  async stop(graceMs: number): Promise<boolean> {
    this.stopping = true;
    this.wake();
    await this.loop;
    const finished = await within(Promise.all([...this.jobs].map((held) => held.task)), graceMs);
    for (const { job } of this.jobs) {
      job.holding?.release();
      // A card already on its way is let finish and recorded first, so the next owner does not send it again.
      await job.holding?.idle();
      await job.leased.release(0).catch(() => undefined);
    }
    return finished;
  }

  private async poll(): Promise<void> {
    let idleMs = MIN_IDLE_MS;
    while (!this.stopping) {
      const free = this.settings.concurrency - this.jobs.size;
      if (free <= 0) {
        await this.sleep(MAX_IDLE_MS);
        continue;
      }
      let messages: LeasedMessage[];
      try {
        messages = await this.queue.receive(free, this.settings.leaseSeconds);
      } catch (error) {
        this.log(`run queue: receive failed, retrying: ${describeError(error)}`);
        await this.sleep(1_000);
        continue;
      }
      for (const leased of messages) this.hold(leased);
      if (messages.length > 0) idleMs = MIN_IDLE_MS;
      else {
        await this.sleep(idleMs);
        idleMs = Math.min(idleMs * 2, MAX_IDLE_MS);
      }
    }
  }

  private release(user: string): void {
    const working = (this.perUser.get(user) ?? 1) - 1;
    if (working > 0) this.perUser.set(user, working);
    else this.perUser.delete(user);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = done;
    });
  }

  private hold(leased: LeasedMessage): void {
    const job: Job<H> = { leased };
    const held = { job, task: Promise.resolve() };
    held.task = this.handle(job).finally(() => {
      this.jobs.delete(held);
      this.wake();
    });
    this.jobs.add(held);
  }

  private async handle(job: Job<H>): Promise<void> {
    const { leased } = job;
    const { settings, handler } = this;
    const stopRenewing = this.renewWhileHeld(job);
    const lost = (error: unknown) => handler.isLeaseLost(error) || (job.holding !== undefined && !job.holding.owned);
    try {
      const message = handler.parse(leased.body);
      if (!message.ok) {
        await this.queue.quarantine(leased, `invalid message: ${message.error}`);
        this.log(`run queue: message ${leased.id} is invalid and was set aside: ${message.error}`);
        return;
      }
      if (leased.deliveryCount > settings.maxDeliveries) {
        const reason = `delivered ${leased.deliveryCount} times (limit ${settings.maxDeliveries})`;
        await handler.poisoned(message.value, job, reason, () => this.queue.quarantine(leased, reason));
        return;
      }
      const user = handler.userOf(message.value);
      const working = user === undefined ? 0 : (this.perUser.get(user) ?? 0);
      if (user !== undefined && working >= settings.userShare) {
        // One user's backlog never holds more than their share of this worker: their next message waits at the back.
        await leased.requeue(OVER_SHARE_DELAY_SECONDS);
        return;
      }
      if (user !== undefined) this.perUser.set(user, working + 1);
      try {
        // Work that fails for a reason other than a lost lease (the store briefly unreachable) runs again
        // with back-off while the lease is renewed, so the wait costs no delivery.
        await retrying(() => handler.handle(message.value, job), {
          policy: STORE_OUTAGE_RETRY,
          classify: (error) => ({ retryable: !lost(error) }),
          onRetry: (error, waitMs) => this.log(`run queue: message ${leased.id}: ${describeError(error)}; trying again in ${waitMs} ms`),
        });
      } finally {
        if (user !== undefined) this.release(user);
      }
      await leased.complete();
    } catch (error) {
      if (lost(error)) {
        if (job.holding) await handler.leaseLost(job);
        return;
      }
      if (leased.deliveryCount > settings.maxDeliveries + SET_ASIDE_ATTEMPTS) {
        await this.drop(leased, describeError(error));
        return;
      }
      const delay = Math.round(backoffDelayMs(leased.deliveryCount, {}, QUEUE_REDELIVERY_RETRY, Math.random) / 1000);
      this.log(`run queue: message ${leased.id} (delivery ${leased.deliveryCount}) failed, retried in ${delay} s: ${describeError(error)}`);
      await leased.release(delay).catch(() => undefined);
    } finally {
      stopRenewing();
    }
  }

  /**
   * Renews the lease at a third of its length while the work is in hand. Work is bounded by its
   * budget; past budget + store outage + two leases the renewals stop, so a stuck worker's message is taken over.
   */
  private renewWhileHeld(job: Job<H>): () => void {
    const { leaseSeconds, workBudgetMs } = this.settings;
    const giveUpAt = Date.now() + workBudgetMs + STORE_OUTAGE_RETRY.budgetMs + 2 * leaseSeconds * 1000;
    let renewing = false;
    const timer = setInterval(
      () => {
        // A renewal still on its way (a slow network) is not doubled: the lease has two thirds left.
        if (Date.now() > giveUpAt || renewing) return;
        renewing = true;
        job.leased
          .renew(leaseSeconds)
          .catch((error: unknown) => {
            this.log(`run queue: lease of message ${job.leased.id} lost: ${describeError(error)}`);
            job.holding?.release();
          })
          .finally(() => (renewing = false));
      },
      (leaseSeconds * 1000) / 3,
    );
    return () => clearInterval(timer);
  }

  /** The last resort for a message that could be neither worked nor set aside: deleted, the log keeps what identifies it. */
  private async drop(leased: LeasedMessage, lastError: string): Promise<void> {
    const reason = `dropped after ${leased.deliveryCount} deliveries: it could not be set aside (${lastError})`;
    this.log(`run queue: message ${leased.id} ${reason}; the message was ${fingerprint(leased.body)}`);
    await leased.complete().catch(() => undefined);
    await this.handler.dropped(leased, reason);
  }
}

/** What identifies a message body in logs without showing any of it (a question is the user's text): its size and hash. */
function fingerprint(body: string): string {
  return `${Buffer.byteLength(body, "utf8")} bytes, sha256 ${createHash("sha256").update(body, "utf8").digest("hex")}`;
}

/** True when `task` settled within `ms`; false when the time ran out (the task keeps running), so a shutdown never hangs on it. */
async function within(task: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const finished = await Promise.race([task.then(() => true as const), timeout]);
  clearTimeout(timer);
  return finished;
}
