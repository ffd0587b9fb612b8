import { hostname } from "node:os";
import { createHash, randomBytes } from "node:crypto";
import { LeaseLostError, RunMessageSchema, describeError, questionLength, type RunCard, type RunMessage, type RunState } from "../domain";
import { QUEUE_REDELIVERY_RETRY, STORE_OUTAGE_RETRY, backoffDelayMs, retrying } from "../resilience";
import type { WorkflowDeps } from "./deps";
import type { LeasedMessage, RunQueue } from "./ports";
import { OwnedRun, RunProgressFeed, cardFor, isSettled, stageAfterRun, stageOf, type Reference, type RunLifecycle } from "./run-lifecycle";
import { newRunState, resumeRun } from "./runner";
import { describeZodError } from "../domain/zod-issues";
import { within } from "./within";

/** How the requester is told things; the Teams layer implements it. */
export interface RunDelivery {
  /** Sends `card` for the run to `reference`; resolves with the sent activity id when there is one. */
  send(card: RunCard, state: RunState, reference: Reference): Promise<string | undefined>;
  /** Records a run that reached its end (transcript, telemetry). Never throws. */
  record(state: RunState): Promise<void>;
  /** Keeps the requester's conversation reference, for replies after the run (approvals). */
  remember(conversationId: string, reference: Reference): Promise<void>;
  /** The stored conversation reference of a requester, when known. */
  reference(conversationId: string): Promise<Reference | undefined>;
}

/** Continues a run whose approval was decided: settles the approval; resolves with the run id. */
export type ApprovalContinuation = (approvalId: string) => Promise<string | undefined>;

/** The worker's tunables (from RUN_WORKER_CONCURRENCY, RUN_LEASE_SECONDS, RUN_MAX_DELIVERIES, MAX_QUESTION_CHARS). */
export interface RunWorkerSettings {
  concurrency: number;
  leaseSeconds: number;
  maxDeliveries: number;
  /** The intake's question limit, applied again to what is taken off the queue (anyone with queue access can write to it). */
  maxQuestionChars: number;
}

/**
 * Deliveries past `maxDeliveries` in which setting a message aside may fail (the poison queue
 * unreachable) before the message is dropped with everything about it in the log: no message is
 * retried forever.
 */
export const SET_ASIDE_ATTEMPTS = 5;

/** What a worker needs. `workflow.store` is the plain run store; the worker fences it per run. */
export interface RunWorkerDeps {
  queue: RunQueue;
  workflow: WorkflowDeps;
  lifecycle: RunLifecycle;
  delivery: RunDelivery;
  continueApproval?: ApprovalContinuation;
  settings: RunWorkerSettings;
  log: (line: string) => void;
}

/** Idle polling backs off from this … */
const MIN_IDLE_MS = 50;
/** … to this, so a question reaches an idle instance within half a second. */
const MAX_IDLE_MS = 500;

/** One message being worked on, for shutdown. */
interface Held {
  leased: LeasedMessage;
  owned?: OwnedRun;
  task: Promise<void>;
}

/**
 * A competing consumer of the run queue: takes up to `concurrency` messages at a time, each leased;
 * renews a lease while its run makes progress; completes the message once the run is settled;
 * poisons a message delivered too often. A run whose worker died reappears and is resumed by
 * whichever instance takes it, from its last checkpoint.
 */
export class RunWorker {
  /** This process, in owner ids and logs. */
  readonly instanceId = `${hostname()}-${process.pid}-${randomBytes(2).toString("hex")}`;
  private readonly held = new Set<Held>();
  private loop: Promise<void> | undefined;
  private stopping = false;
  private wakeUp: (() => void) | undefined;

  constructor(private readonly deps: RunWorkerDeps) {}

  /** Starts taking messages. */
  start(): void {
    this.loop ??= this.poll();
  }

  /** Polls now instead of after the idle back-off (a question was just enqueued here). */
  wake(): void {
    this.wakeUp?.();
  }

  /** How many runs this instance is working on. */
  get size(): number {
    return this.held.size;
  }

  /**
   * Stops taking messages and waits up to `graceMs` for the runs in hand; any still unfinished are
   * let go (they write and send nothing more) and their messages made visible at once, so another
   * instance resumes them from their checkpoints. True when all finished in time.
   */
  async stop(graceMs: number): Promise<boolean> {
    this.stopping = true;
    this.wake();
    await this.loop;
    const finished = await within(Promise.all([...this.held].map((held) => held.task)), graceMs);
    for (const held of this.held) {
      held.owned?.release();
      // A card already on its way is let finish and recorded first, so the next owner does not send it again.
      await held.owned?.idle();
      await held.leased.release(0).catch(() => undefined);
    }
    return finished;
  }

  private async poll(): Promise<void> {
    const { queue, settings, log } = this.deps;
    let idleMs = MIN_IDLE_MS;
    while (!this.stopping) {
      const free = settings.concurrency - this.held.size;
      if (free <= 0) {
        await this.sleep(MAX_IDLE_MS);
        continue;
      }
      let messages: LeasedMessage[];
      try {
        messages = await queue.receive(free, settings.leaseSeconds);
      } catch (error) {
        log(`run queue: receive failed, retrying: ${describeError(error)}`);
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
    const held: Held = { leased, task: Promise.resolve() };
    held.task = this.handle(held).finally(() => {
      this.held.delete(held);
      this.wake();
    });
    this.held.add(held);
  }

  /** One delivery of one message, under a lease renewed in the background. */
  private async handle(held: Held): Promise<void> {
    const { leased } = held;
    const { settings, log, lifecycle } = this.deps;
    const stopRenewing = this.renewWhileHeld(held);
    try {
      const message = parseMessage(leased.body, settings.maxQuestionChars);
      if (!message.ok) {
        await this.deps.queue.quarantine(leased, `invalid message: ${message.error}`);
        log(`run queue: message ${leased.id} is invalid and was set aside: ${message.error}`);
        return;
      }
      if (leased.deliveryCount > settings.maxDeliveries) {
        await this.poison(held, message.value);
        return;
      }
      await untilStoreAnswers(() => this.work(held, message.value), held, log);
      await leased.complete();
    } catch (error) {
      if (error instanceof LeaseLostError || (held.owned !== undefined && !held.owned.owned)) {
        if (held.owned) await lifecycle.publish({ type: "lease_lost", runId: held.owned.state.runId, owner: held.owned.owner });
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
   * budget; past budget + two leases the renewals stop, so a stuck worker's run is taken over.
   */
  private renewWhileHeld(held: Held): () => void {
    const { leaseSeconds } = this.deps.settings;
    const giveUpAt = Date.now() + this.deps.workflow.settings.timeouts.runBudgetMs + STORE_OUTAGE_RETRY.budgetMs + 2 * leaseSeconds * 1000;
    let renewing = false;
    const timer = setInterval(
      () => {
        // A renewal still on its way (a slow network) is not doubled: the lease has two thirds left.
        if (Date.now() > giveUpAt || renewing) return;
        renewing = true;
        held.leased
          .renew(leaseSeconds)
          .catch((error: unknown) => {
            this.deps.log(`run queue: lease of message ${held.leased.id} lost: ${describeError(error)}`);
            held.owned?.release();
          })
          .finally(() => (renewing = false));
      },
      (leaseSeconds * 1000) / 3,
    );
    return () => clearInterval(timer);
  }

  private async work(held: Held, message: RunMessage): Promise<void> {
    if (message.kind === "question") await this.runQuestion(held, message);
    else await this.continueApproval(message.approvalId);
  }

  private async runQuestion(held: Held, message: Extract<RunMessage, { kind: "question" }>): Promise<void> {
    const { workflow, lifecycle, delivery } = this.deps;
    const owner = `${this.instanceId}#${held.leased.deliveryCount}`;
    const owned = await OwnedRun.claim(workflow.store, message.runId, owner, () =>
      newRunState(workflow, {
        question: message.question,
        requester: message.requester,
        runId: message.runId,
        conversationKey: message.conversationKey,
        startedAt: message.acceptedAt,
      }),
    );
    if (!owned) return;
    held.owned = owned;
    await delivery.remember(message.requester.conversationId, message.reference);
    await lifecycle.publish({ type: "started", state: owned.state, owner, takeover: owned.takeover, reference: message.reference });

    const feed = new RunProgressFeed((state) => void lifecycle.publish({ type: "progress", state }));
    const fenced = owned.fencedStore();
    const final = await resumeRun(
      {
        ...workflow,
        store: {
          ...fenced,
          checkpoint: async (state) => {
            await fenced.checkpoint(state);
            feed.checkpointed(state);
          },
        },
        events: {
          emit: (event) => {
            workflow.events.emit(event);
            feed.event(event);
          },
        },
      },
      owned.state,
    );
    if (!owned.owned) throw new LeaseLostError(message.runId, owner);
    if (owned.state.status === "running") await owned.save(final);
    await this.settle(owned, final, message.reference);
  }

  /** Tells the requester how the run ended (once), records it, and moves it to its stage. */
  private async settle(owned: OwnedRun, final: RunState, reference: Reference): Promise<void> {
    const { lifecycle, delivery } = this.deps;
    await lifecycle.publish({ type: "finished", state: final });
    await delivery.record(final);
    const card = cardFor(final);
    await owned.sendOnce(card, () => delivery.send(card, final, reference));
    const stage = stageAfterRun(final);
    await owned.moveTo(stage);
    await lifecycle.publish({ type: "settled", state: owned.state, stage });
  }

  private async continueApproval(approvalId: string): Promise<void> {
    if (!this.deps.continueApproval) throw new Error("this instance cannot continue approvals (no approvals flow is wired)");
    const runId = await this.deps.continueApproval(approvalId);
    const state = runId === undefined ? undefined : await this.deps.workflow.store.load(runId);
    if (!state) return;
    // Settling the approval moved the run on through the lifecycle; followers hear how it ended.
    const stage = stageOf(state);
    if (stage !== "awaiting_approval") await this.deps.lifecycle.publish({ type: "settled", state, stage });
  }

  /**
   * The last resort for a message that could be neither run nor set aside in its allowed deliveries:
   * it is deleted, and the log keeps what identifies it; `poisoned` is published so operators hear.
   */
  private async drop(leased: LeasedMessage, lastError: string): Promise<void> {
    const reason = `dropped after ${leased.deliveryCount} deliveries: it could not be set aside (${lastError})`;
    this.deps.log(`run queue: message ${leased.id} ${reason}; the message was ${fingerprint(leased.body)}`);
    await leased.complete().catch(() => undefined);
    await this.deps.lifecycle.publish({
      type: "poisoned",
      runId: leased.id,
      correlationId: leased.id,
      deliveryCount: leased.deliveryCount,
      reason,
    });
  }

  /**
   * A message delivered more often than allowed: the requester gets an error card with the run's
   * correlation id (once), the run is marked poisoned, the message kept in the poison queue, and
   * `poisoned` is published for operator notices.
   */
  private async poison(held: Held, message: RunMessage): Promise<void> {
    const { workflow, delivery, lifecycle, queue, settings, log } = this.deps;
    const { leased } = held;
    const reason = `delivered ${leased.deliveryCount} times (limit ${settings.maxDeliveries})`;
    const question = message.kind === "question" ? message : undefined;
    const runId = question?.runId;
    let state: RunState | undefined;
    if (question) {
      try {
        const owner = `${this.instanceId}#poison`;
        // A run never claimed (the store was down each time) is stored now, so the poisoned run can be inspected.
        const fresh = newRunState(workflow, {
          question: question.question,
          requester: question.requester,
          runId: question.runId,
          conversationKey: question.conversationKey,
          startedAt: question.acceptedAt,
        });
        if (!(await workflow.store.read(question.runId)))
          await workflow.store.write({ ...fresh, lifecycle: { stage: "queued", owners: 0, sent: {} } }, undefined);
        const owned = (await OwnedRun.hold(workflow.store, question.runId, owner))!;
        if (isSettled(owned.stage)) {
          // Settled already (only the message's deletion failed): nothing to tell anyone.
          await leased.complete();
          return;
        }
        const failed = failedAfterDeliveries(owned.state, reason, workflow.clock.now());
        state = failed;
        held.owned = owned;
        await owned.moveTo("poisoned", failed);
        await owned.sendOnce("error", () => delivery.send("error", failed, question.reference));
      } catch (error) {
        log(`run ${question.runId}: poisoned, but the requester could not be told: ${describeError(error)}`);
      }
    }
    await queue.quarantine(leased, reason);
    await lifecycle.publish({
      type: "poisoned",
      runId: runId ?? leased.id,
      correlationId: runId ?? leased.id,
      deliveryCount: leased.deliveryCount,
      reason,
      ...(state ? { state } : {}),
    });
  }
}

/** What identifies a message body in logs without showing any of it (a question is the user's text): its size and hash. */
function fingerprint(body: string): string {
  return `${Buffer.byteLength(body, "utf8")} bytes, sha256 ${createHash("sha256").update(body, "utf8").digest("hex")}`;
}

function failedAfterDeliveries(state: RunState, reason: string, now: Date): RunState {
  const at = now.toISOString();
  return {
    ...state,
    status: "failed",
    phase: "done",
    endedAt: at,
    updatedAt: at,
    failure: { message: `The run could not be completed: ${reason}`, correlationId: state.runId },
  };
}

/** The message, validated; a question over the intake's limit is invalid too. */
function parseMessage(body: string, maxQuestionChars: number): { ok: true; value: RunMessage } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    return { ok: false, error: `not JSON (${describeError(error)})` };
  }
  const parsed = RunMessageSchema.safeParse(json);
  if (!parsed.success) return { ok: false, error: describeZodError(parsed.error) };
  const length = parsed.data.kind === "question" ? questionLength(parsed.data.question) : 0;
  if (length > maxQuestionChars)
    return { ok: false, error: `the question is ${length} characters long, over the limit of ${maxQuestionChars}` };
  return { ok: true, value: parsed.data };
}

/**
 * Runs `work` again with back-off while it fails for a reason other than a lost lease (the store
 * briefly unreachable): the lease is renewed meanwhile, so the wait costs no delivery. Rethrows
 * once the policy's budget is spent.
 */
function untilStoreAnswers(work: () => Promise<void>, held: Held, log: (line: string) => void): Promise<void> {
  return retrying(work, {
    policy: STORE_OUTAGE_RETRY,
    classify: (error) => ({ retryable: !(error instanceof LeaseLostError || (held.owned && !held.owned.owned)) }),
    onRetry: (error, waitMs) => log(`run queue: message ${held.leased.id}: ${describeError(error)}; trying again in ${waitMs} ms`),
  });
}
