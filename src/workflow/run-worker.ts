import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import type { RunMessage } from "../domain";
import { LeasedConsumer } from "./leased-consumer";
import type { OwnedRun } from "./owned-run";
import type { RunQueue } from "./ports";
import { RunHandler, type RunHandlerDeps } from "./run-handler";

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
interface RunWorkerDeps extends Omit<RunHandlerDeps, "maxQuestionChars"> {
  queue: RunQueue;
  settings: RunWorkerSettings;
}

export type RunWorker = LeasedConsumer<RunMessage, OwnedRun>;

export function newInstanceId(): string {
  return `${hostname()}-${process.pid}-${randomBytes(2).toString("hex")}`;
}

export function createRunWorker(deps: RunWorkerDeps, instanceId = newInstanceId()): RunWorker {
  const { settings, log } = deps;
  const handler = new RunHandler({ ...deps, maxQuestionChars: settings.maxQuestionChars }, instanceId);
  return new LeasedConsumer(
    deps.queue,
    handler,
    {
      ...settings,
      userShare: settings.userShare ?? Math.ceil(settings.concurrency / 2),
      workBudgetMs: deps.workflow.settings.timeouts.runBudgetMs,
    },
    log,
  );
}
