import { createHash, randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { setTimeout as sleepFor } from "node:timers/promises";
import { LeaseLostError, describeError, userKeyOf } from "../domain";
import { QUEUE_REDELIVERY_RETRY, STORE_OUTAGE_RETRY, backoffDelayMs, retrying } from "../resilience";
import type { LeasedMessage } from "./ports";
import { RunHandler, parseRunMessage, type RunHandlerDeps, type RunJob } from "./run-handler";

/** The worker's tunables (from RUN_WORKER_CONCURRENCY, RUN_LEASE_SECONDS, RUN_MAX_DELIVERIES, MAX_QUESTION_CHARS). */
interface RunWorkerSettings {
  concurrency: number;
  leaseSeconds: number;
  maxDeliveries: number;
  /** Runs of one person worked on at once (RUN_WORKER_USER_SHARE); half of `concurrency`, rounded up, by default. */
  userShare?: number;
  /** The intake's question limit, applied again to what is taken off the queue (anyone with queue access can write to it). */
  maxQuestionChars: number;
}

/** What a worker needs. `workflow.store` is the plain run store; the worker fences it per run. */
export interface RunWorkerDeps extends RunHandlerDeps {
  settings: RunWorkerSettings;
}

/** A message over its user's share is queued again, visible after this long (others' messages are taken meanwhile). */
const OVER_SHARE_DELAY_SECONDS = 2;

/** Deliveries past `maxDeliveries` in which setting a message aside may fail before it is dropped: none is retried forever. */
export const SET_ASIDE_ATTEMPTS = 5;

// Idle polling backs off from MIN to MAX, so a message reaches an idle instance within half a second.
const MIN_IDLE_MS = 50;
const MAX_IDLE_MS = 500;

export function newInstanceId(): string {
  return `${hostname()}-${process.pid}-${randomBytes(2).toString("hex")}`;
}

/**
 * A competing consumer of the run queue (Azure's queue-based load levelling): takes up to
 * `concurrency` messages at a time, each leased; renews a lease while its run goes on; retries work
 * that fails while the store is briefly unreachable without spending a delivery; deletes a message
 * once its run is done; gives a failing one back with back-off, and sets aside one delivered too
 * often. A message whose worker died reappears when its lease expires and is taken by any instance.
 */
export class RunWorker {
  private readonly jobs = new Map<RunJob, Promise<void>>();
  private readonly perUser = new Map<string, number>();
  private readonly handler: RunHandler;
  private readonly userShare: number;
  private loop: Promise<void> | undefined;
  private stopping = false;
  private wakeUp: (() => void) | undefined;

  constructor(
    private readonly deps: RunWorkerDeps,
    instanceId = newInstanceId(),
  ) {
    this.handler = new RunHandler(deps, instanceId);
    this.userShare = deps.settings.userShare ?? Math.ceil(deps.settings.concurrency / 2);
  }

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
   * Stops taking messages and waits up to `graceMs` for the runs in hand; any still unfinished is
   * let go (it writes and sends nothing more) and its message made visible at once, so another
   * instance takes it. True when all finished in time.
   */
  async stop(graceMs: number): Promise<boolean> {
    this.stopping = true;
    this.wake();
    await this.loop;
    // The timer is unreferenced: a shutdown never hangs on it, nor waits for it once the runs finished.
    const finished = await Promise.race([Promise.all(this.jobs.values()).then(() => true), sleepFor(graceMs, false, { ref: false })]);
    for (const job of this.jobs.keys()) {
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
      const free = this.deps.settings.concurrency - this.jobs.size;
      if (free <= 0) {
        await this.sleep(MAX_IDLE_MS);
        continue;
      }
      let messages: LeasedMessage[];
      try {
        messages = await this.deps.queue.receive(free, this.deps.settings.leaseSeconds);
      } catch (error) {
        this.deps.log(`run queue: receive failed, retrying: ${describeError(error)}`);
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

  /** Resolves after `ms`, or at once when woken. */
  private sleep(ms: number): Promise<void> {
    const woken = new AbortController();
    this.wakeUp = () => woken.abort();
    return sleepFor(ms, undefined, { signal: woken.signal }).catch(() => undefined);
  }

  private hold(leased: LeasedMessage): void {
    const job: RunJob = { leased };
    // `finally` runs after this call returns, so the job is in the map before it is taken out.
    this.jobs.set(
      job,
      this.handle(job).finally(() => {
        this.jobs.delete(job);
        this.wake();
      }),
    );
  }

  private async handle(job: RunJob): Promise<void> {
    const { leased } = job;
    const { settings, queue, lifecycle, log } = this.deps;
    const stopRenewing = this.renewWhileHeld(job);
    const lost = (error: unknown) => error instanceof LeaseLostError || (job.holding !== undefined && !job.holding.owned);
    try {
      const message = parseRunMessage(leased.body, settings.maxQuestionChars);
      if (!message.ok) {
        await queue.quarantine(leased, `invalid message: ${message.error}`);
        log(`run queue: message ${leased.id} is invalid and was set aside: ${message.error}`);
        return;
      }
      if (leased.deliveryCount > settings.maxDeliveries) {
        const reason = `delivered ${leased.deliveryCount} times (limit ${settings.maxDeliveries})`;
        await this.handler.poisoned(message.value, job, reason);
        return;
      }
      // A question counts against its asker's share; a decision resumes a run already under way and counts against nobody.
      const user = message.value.kind === "question" ? userKeyOf(message.value.requester) : undefined;
      const working = user === undefined ? 0 : (this.perUser.get(user) ?? 0);
      if (user !== undefined && working >= this.userShare) {
        // One user's backlog never holds more than their share of this worker: their next message waits at the back.
        await leased.requeue(OVER_SHARE_DELAY_SECONDS);
        return;
      }
      if (user !== undefined) this.perUser.set(user, working + 1);
      try {
        // Work that fails for a reason other than a lost lease (the store briefly unreachable) runs again
        // with back-off while the lease is renewed, so the wait costs no delivery.
        await retrying(() => this.handler.handle(message.value, job), {
          policy: STORE_OUTAGE_RETRY,
          classify: (error) => ({ retryable: !lost(error) }),
          onRetry: (error, waitMs) => log(`run queue: message ${leased.id}: ${describeError(error)}; trying again in ${waitMs} ms`),
        });
      } finally {
        if (user !== undefined) this.release(user);
      }
      await leased.complete();
    } catch (error) {
      if (lost(error)) {
        if (job.holding) await lifecycle.publish({ type: "lease_lost", runId: job.holding.state.runId, owner: job.holding.owner });
        return;
      }
      if (leased.deliveryCount > settings.maxDeliveries + SET_ASIDE_ATTEMPTS) {
        await this.drop(leased, describeError(error));
        return;
      }
      const delay = Math.round(backoffDelayMs(leased.deliveryCount, {}, QUEUE_REDELIVERY_RETRY, Math.random) / 1000);
      log(`run queue: message ${leased.id} (delivery ${leased.deliveryCount}) failed, retried in ${delay} s: ${describeError(error)}`);
      await leased.release(delay).catch(() => undefined);
    } finally {
      stopRenewing();
    }
  }

  /**
   * Renews the lease at a third of its length while the run is in hand. A run is bounded by its
   * budget; past budget + store outage + two leases the renewals stop, so a stuck worker's message is taken over.
   */
  private renewWhileHeld(job: RunJob): () => void {
    const { leaseSeconds } = this.deps.settings;
    const giveUpAt = Date.now() + this.deps.workflow.settings.timeouts.runBudgetMs + STORE_OUTAGE_RETRY.budgetMs + 2 * leaseSeconds * 1000;
    let renewing = false;
    const timer = setInterval(
      () => {
        // A renewal still on its way (a slow network) is not doubled: the lease has two thirds left.
        if (Date.now() > giveUpAt || renewing) return;
        renewing = true;
        job.leased
          .renew(leaseSeconds)
          .catch((error: unknown) => {
            this.deps.log(`run queue: lease of message ${job.leased.id} lost: ${describeError(error)}`);
            job.holding?.release();
          })
          .finally(() => (renewing = false));
      },
      (leaseSeconds * 1000) / 3,
    );
    return () => clearInterval(timer);
  }

  /**
   * The last resort for a message that could be neither worked nor set aside: deleted, the log keeps what identifies it
   * without showing any of it (a question is the user's text): its size and hash. Operators are told.
   */
  private async drop(leased: LeasedMessage, lastError: string): Promise<void> {
    const reason = `dropped after ${leased.deliveryCount} deliveries: it could not be set aside (${lastError})`;
    const hash = createHash("sha256").update(leased.body, "utf8").digest("hex");
    this.deps.log(
      `run queue: message ${leased.id} ${reason}; the message was ${Buffer.byteLength(leased.body, "utf8")} bytes, sha256 ${hash}`,
    );
    await leased.complete().catch(() => undefined);
    await this.deps.lifecycle.publish({
      type: "poisoned",
      runId: leased.id,
      correlationId: leased.id,
      deliveryCount: leased.deliveryCount,
      reason,
    });
  }
}
