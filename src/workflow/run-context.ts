import { LeaseLostError, describeError, type ExecutorOutcome, type Finding, type RunState, type WorkflowEvent } from "../domain";
import type { WorkflowDeps } from "./deps";
import type { TokenUsage } from "./ports";

/** What an executor reports when it ends. */
export interface ExecutorReport {
  outcome: ExecutorOutcome;
  model?: string;
  usage?: TokenUsage;
  attempts?: number;
  detail?: string;
}

/**
 * One run's mutable context: the state being built, its event log, the run budget and the
 * checkpoint queue. Checkpoints are written in order in the background and awaited only at the
 * end, so persisting adds no latency to the model calls' critical path.
 */
export class RunContext {
  private checkpoints: Promise<void> = Promise.resolve();
  /** A Knowledge specialist started before the Router decided (SPECULATIVE_KNOWLEDGE). */
  speculative?: { abort: AbortController; finding: Promise<Finding> };
  private readonly deadline: number;

  constructor(
    readonly deps: WorkflowDeps,
    readonly state: RunState,
    /** When the run budget starts: the run's start, or the moment a restarted process resumed it. */
    budgetStartMs: number = Date.parse(state.startedAt),
  ) {
    this.deadline = budgetStartMs + deps.settings.timeouts.runBudgetMs;
  }

  /** Milliseconds left in the run budget (never negative). */
  remainingMs(): number {
    return Math.max(0, this.deadline - this.deps.clock.now().getTime());
  }

  /** A per-call timeout: the configured one, cut to what is left of the run budget. */
  timeoutFor(configuredMs: number): number {
    return Math.max(1, Math.min(configuredMs, this.remainingMs()));
  }

  /** Records an event in the state and passes it to the sink (which must not throw). */
  emit(event: Omit<WorkflowEvent, "runId" | "at">): void {
    const full: WorkflowEvent = { ...event, runId: this.state.runId, at: this.deps.clock.now().toISOString() };
    this.state.events.push(full);
    try {
      this.deps.events.emit(full);
    } catch {
      // An event sink failure must never break a run.
    }
  }

  /** Runs one executor (router, a specialist, the moderator) with start/end events and usage accounting. */
  async executor<T extends ExecutorReport>(
    executor: string,
    round: WorkflowEvent["round"] | undefined,
    work: () => Promise<T>,
  ): Promise<T> {
    const started = performance.now();
    const phase = this.state.phase;
    const completed = (fields: Partial<WorkflowEvent>) =>
      this.emit({ type: "executor_completed", executor, round, phase, durationMs: Math.round(performance.now() - started), ...fields });
    this.emit({ type: "executor_started", executor, round, phase, attempt: this.state.attempts });
    let report: T;
    try {
      report = await work();
    } catch (error) {
      completed({ outcome: "error", attempt: this.state.attempts, detail: describeError(error) });
      throw error;
    }
    const usage = report.usage ?? { inputTokens: 0, outputTokens: 0 };
    this.state.usage.inputTokens += usage.inputTokens;
    this.state.usage.outputTokens += usage.outputTokens;
    completed({
      model: report.model,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      outcome: report.outcome,
      attempt: report.attempts ?? 1,
      detail: report.detail,
    });
    return report;
  }

  /** Queues a checkpoint of the current state (a snapshot, written after the ones before it). */
  checkpoint(): void {
    const snapshot = structuredClone({ ...this.state, updatedAt: this.deps.clock.now().toISOString() });
    this.checkpoints = this.checkpoints.then(() =>
      this.deps.store.checkpoint(snapshot).catch((error) => {
        this.emit({ type: "checkpoint_failed", phase: snapshot.phase, detail: describeError(error) });
      }),
    );
  }

  /**
   * Writes the final state and waits for every queued checkpoint. The final write is retried with
   * backoff (a store that is briefly down must not lose a finished run); the error is rethrown if
   * the store stays down, so the caller can decide (e.g. refuse to pause for approval).
   */
  async persistFinal(retryForMs = 20_000): Promise<void> {
    await this.checkpoints;
    const started = Date.now();
    for (let delay = 250; ; delay = Math.min(delay * 2, 4000)) {
      try {
        await this.deps.store.checkpoint({ ...this.state, updatedAt: this.deps.clock.now().toISOString() });
        return;
      } catch (error) {
        // Another worker owns the run now: waiting will not help, and it must not be overwritten.
        if (error instanceof LeaseLostError || Date.now() - started + delay > retryForMs) throw error;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }
}
