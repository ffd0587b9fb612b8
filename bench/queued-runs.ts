/**
 * Runs through the run queue, as production takes them: each question is enqueued on Azurite and
 * taken by a run worker (moved to the started queue, claimed on the run store, run, its card
 * "sent", the message completed). The card goes to a recorder instead of Teams: a run ends, for the
 * bench, when its card would reach the user.
 */
import { randomBytes } from "node:crypto";
import type { RunState } from "../src/domain";
import { AzureStorageRunQueue } from "../src/queue/azure-storage-run-queue";
import type { WorkflowDeps } from "../src/workflow/deps";
import { RunLifecycle } from "../src/workflow/run-lifecycle";
import type { RunDelivery } from "../src/workflow/ports";
import { RunWorker } from "../src/workflow/run-worker";

/** A worker over its own queue on the environment's Azurite. */
export interface QueuedRuns {
  /** Enqueues the question (waking the worker, as the instance that accepts a question does) and resolves with the state its card showed. */
  run(question: string): Promise<RunState>;
  stop(): Promise<void>;
}

/** Starts a worker with one slot over `deps`, on a fresh queue at `connectionString`; `log` gets the worker's lines. */
export async function startQueuedRuns(
  connectionString: string,
  deps: WorkflowDeps,
  log: (line: string) => void = (line) => process.stderr.write(`  ${line}\n`),
): Promise<QueuedRuns> {
  const queue = await AzureStorageRunQueue.open({ connectionString }, `bench-a-${randomBytes(5).toString("hex")}`);
  const waiting = new Map<string, (state: RunState) => void>();
  const delivery: RunDelivery = {
    send: async (_card, state) => (waiting.get(state.runId)?.(state), undefined),
  };
  const worker = new RunWorker({
    queue,
    workflow: deps,
    lifecycle: new RunLifecycle(log),
    delivery,
    settings: { concurrency: 1, leaseSeconds: 30, maxDeliveries: 5, maxQuestionChars: 4000 },
    log,
  });
  worker.start();
  return {
    run: async (question) => {
      const runId = deps.newRunId();
      const shown = new Promise<RunState>((resolve) => waiting.set(runId, resolve));
      const requester = { userId: "user-bench", conversationId: `bench-${runId}` };
      await queue.enqueue({ kind: "question", runId, question, requester, reference: {}, acceptedAt: new Date().toISOString() });
      worker.wake();
      const state = await shown;
      waiting.delete(runId);
      return state;
    },
    stop: async () => {
      await worker.stop(5_000);
      await queue.close();
    },
  };
}
