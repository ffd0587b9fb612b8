import { randomBytes } from "node:crypto";
import {
  LeaseLostError,
  type Approval,
  describeError,
  questionToAnswer,
  type ExecutorIo,
  type ExecutorOutcome,
  type Language,
  type RunState,
  type SpecialistDefinition,
  type WorkflowEvent,
} from "../domain";
import { FINAL_CHECKPOINT_RETRY, retrying } from "../resilience";
import type { WorkflowDeps } from "./deps";
import type { ChatMessage, ChatModel, ChatOutcome, ModelToolCall, PlannedToolCall, TokenUsage } from "./ports";
import type { SpeculativeSpecialists } from "./speculative-specialists";
import { addUsage, unsentCall } from "./structured-call";
import { runToolCalls, toolSpecsOf, type ToolCallResult } from "./steps/tool-runner";

/** Longest message or reply kept; tool data is already cut to 12,000 characters before it reaches a model. */
const MAX_STORED_CHARS = 20_000;

export interface ExecutorStep {
  id: string;
  model: ChatModel;
}

/** What an executor reports, named as a model call's outcome names it (so a structured call's outcome is a report). */
export interface ExecutorReport {
  kind: ExecutorOutcome;
  model?: string;
  usage?: TokenUsage;
  attempts?: number;
  cause?: string;
}

/**
 * One run's mutable context. Checkpoints are written in order in the background and awaited only at the end,
 * so persisting adds no latency to the model calls' critical path.
 */
export class RunContext {
  private checkpoints: Promise<void> = Promise.resolve();
  speculative?: SpeculativeSpecialists;
  private readonly deadline: number;
  private upFront?: Promise<Map<string, ToolCallResult[]>>;

  constructor(
    readonly deps: WorkflowDeps,
    readonly state: RunState,
    /** When the run budget starts: the run's start, or the moment a restarted process resumed it. */
    budgetStartMs: number = Date.parse(state.startedAt),
    /** The decided approval a resumed run carries to its approval node. */
    readonly decided?: Approval,
  ) {
    this.deadline = budgetStartMs + deps.settings.timeouts.runBudgetMs;
  }

  /** Started at the first call: the route phase calls it before asking the Router, so the tools run while it decides. */
  upFrontEvidence(): Promise<Map<string, ToolCallResult[]>> {
    if (!this.upFront) {
      this.upFront = gatherUpFrontEvidence(this.deps, { text: questionToAnswer(this.state), language: this.state.language });
      // A run may end before any specialist asks (its route failed): the failure must not go unhandled
      // (that stops the process); a specialist that asks still gets it.
      this.upFront.catch(() => undefined);
    }
    return this.upFront;
  }

  remainingMs(): number {
    return Math.max(0, this.deadline - this.deps.clock.now().getTime());
  }

  /** A per-call timeout: the configured one, cut to what is left of the run budget. */
  timeoutFor(configuredMs: number): number {
    return Math.max(1, Math.min(configuredMs, this.remainingMs()));
  }

  /** `message` is for operators; the asker only gets the error card's words with the run id to quote. */
  fail(message: string, cause: { approvalNotStored?: true } = {}): void {
    this.state.status = "failed";
    this.state.failure = { message, correlationId: this.state.runId, ...cause };
  }

  specialist(id: string): SpecialistDefinition {
    const specialist = this.deps.prompts.specialists.find((s) => s.id === id);
    if (!specialist) throw new Error(`Specialist '${id}' is not registered`);
    return specialist;
  }

  emit(event: Omit<WorkflowEvent, "runId" | "at">): void {
    const full: WorkflowEvent = { ...event, runId: this.state.runId, at: this.deps.clock.now().toISOString() };
    this.state.events.push(full);
    try {
      this.deps.events.emit(full);
    } catch {
      // An event sink failure must never break a run.
    }
  }

  /** What the current phase did beyond its usual course (a fallback, a re-run, a hand-over), for the transcript. */
  note(detail: string): void {
    this.emit({ type: "phase_completed", phase: this.state.phase, detail });
  }

  /** Citations of records no tool returned in the run were dropped. */
  citationsDropped(executor: string, droppedCitations: number): void {
    if (droppedCitations > 0) this.emit({ type: "citations_dropped", executor, droppedCitations });
  }

  /** Runs one executor with start/end events and usage accounting; its model records its inputs and outputs when configured. */
  async executor<T extends ExecutorReport>(
    executor: string,
    round: WorkflowEvent["round"] | undefined,
    work: (step: ExecutorStep) => Promise<T>,
  ): Promise<T> {
    const started = performance.now();
    const phase = this.state.phase;
    const stepId = randomBytes(8).toString("hex");
    const step: ExecutorStep = { id: stepId, model: this.modelFor(stepId, executor, round) };
    const completed = (fields: Partial<WorkflowEvent>) =>
      this.emit({
        type: "executor_completed",
        stepId,
        executor,
        round,
        phase,
        durationMs: Math.round(performance.now() - started),
        ...fields,
      });
    this.emit({ type: "executor_started", stepId, executor, round, phase, attempt: this.state.attempts });
    let report: T;
    try {
      report = await work(step);
    } catch (error) {
      completed({ outcome: "error", attempt: this.state.attempts, detail: describeError(error) });
      throw error;
    }
    const usage = report.usage ?? { inputTokens: 0, outputTokens: 0 };
    addUsage(this.state.usage, usage);
    // The event carries the usage's own token fields (input, output, cached, reasoning).
    completed({ model: report.model, ...usage, outcome: report.kind, attempt: report.attempts ?? 1, detail: report.cause });
    return report;
  }

  /**
   * The step's model. Every content-filter verdict becomes a `content_filtered` event (categories only); a refused prompt
   * blocks the run, and once it is blocked no further call is sent (no retry, no fallback). When configured, what each
   * call sent and got back is kept with the run.
   */
  private modelFor(stepId: string, executor: string, round: WorkflowEvent["round"] | undefined): ChatModel {
    const { model, settings, redactStoredText = (text: string) => text } = this.deps;
    const io: ExecutorIo | undefined = settings.storeExecutorIo
      ? { stepId, executor, ...(round ? { round } : {}), messages: [], outputs: [] }
      : undefined;
    if (io) (this.state.executorIo ??= []).push(io);
    return {
      kind: model.kind,
      complete: async (request) => {
        if (this.state.blocked)
          return unsentCall("content_filter", "not sent: the content filter refused this run's question", request.model);
        const outcome = await model.complete(request);
        if (io) recordCall(io, request.messages, outcome, redactStoredText);
        if (outcome.kind !== "content_filter" || !outcome.filter) return outcome;
        this.emit({ type: "content_filtered", parentStepId: stepId, executor, filter: outcome.filter });
        if (outcome.filter.source === "prompt") this.block(executor, outcome.filter.categories);
        return outcome;
      },
    };
  }

  /** Ends the run as blocked by the content filter after the current step (the user gets a polite reply). */
  block(executor: string, categories: string[]): void {
    this.state.blocked ??= { executor, categories };
    this.speculative?.cancel();
  }

  checkpoint(): void {
    const snapshot = structuredClone({ ...this.state, updatedAt: this.deps.clock.now().toISOString() });
    this.checkpoints = this.checkpoints.then(() =>
      this.deps.store.checkpoint(snapshot).catch((error: unknown) => {
        this.emit({ type: "checkpoint_failed", phase: snapshot.phase, detail: describeError(error) });
      }),
    );
  }

  /**
   * The final write is retried (a store briefly down must not lose a finished run), except when another worker owns
   * the run now: waiting will not help, and it must not be overwritten. Throws if the store stays down.
   */
  async persistFinal(): Promise<void> {
    await this.checkpoints;
    await retrying(() => this.deps.store.checkpoint({ ...this.state, updatedAt: this.deps.clock.now().toISOString() }), {
      policy: FINAL_CHECKPOINT_RETRY,
      classify: (error) => ({ retryable: !(error instanceof LeaseLostError) }),
    });
  }
}

/** Writes what one call sent and got back into `io`; `redact` scrubs every stored text (the model saw them unchanged). */
function recordCall(io: ExecutorIo, sent: ChatMessage[], outcome: ChatOutcome, redact: (text: string) => string): void {
  const keep = (text: string) => redact(text.length > MAX_STORED_CHARS ? `${text.slice(0, MAX_STORED_CHARS)} … [cut]` : text);
  io.messages = sent.map((message) => storedMessage(message, keep));
  const toolCalls = outcome.kind === "ok" && outcome.toolCalls.length > 0 ? JSON.stringify(outcome.toolCalls) : undefined;
  io.outputs.push(keep(outcome.kind !== "ok" ? `(${outcome.kind}: ${outcome.cause})` : (toolCalls ?? outcome.content)));
}

/** The message as sent, its texts kept (an empty list of tool calls is left out). */
function storedMessage(message: ChatMessage, keep: (text: string) => string): ExecutorIo["messages"][number] {
  const { toolCalls, ...sent } = message as ChatMessage & { toolCalls?: ModelToolCall[] };
  return {
    ...sent,
    content: keep(message.content),
    ...(toolCalls?.length ? { toolCalls: toolCalls.map((call) => ({ ...call, arguments: keep(call.arguments) })) } : {}),
  };
}

/**
 * The tool calls the question implies for every specialist, by specialist id, run once each even when several would make
 * the same call; a chosen specialist starts with its share. The tools are read-only, so the calls of specialists the
 * Router does not choose are simply not used.
 */
async function gatherUpFrontEvidence(
  deps: WorkflowDeps,
  question: { text: string; language: Language },
): Promise<Map<string, ToolCallResult[]>> {
  const planner = deps.evidencePlanner;
  if (!planner) return new Map();
  const { specialists } = deps.prompts;
  const plans = await Promise.all(specialists.map((s) => planner.plan(question, s, toolSpecsOf(deps.tools, s.tools))));
  const calls = new Map<string, ModelToolCall>();
  for (const call of plans.flat()) {
    const key = callKey(call);
    if (!calls.has(key))
      calls.set(key, { id: `upfront-${calls.size + 1}-${call.name}`, name: call.name, arguments: JSON.stringify(call.args) });
  }
  const allowed = [...new Set(specialists.flatMap((s) => s.tools))];
  const results = await runToolCalls(deps.tools, allowed, [...calls.values()], question.language);
  const byKey = new Map([...calls.keys()].map((key, i) => [key, results[i]]));
  return new Map(specialists.map((s, i) => [s.id, plans[i].flatMap((call) => byKey.get(callKey(call)) ?? [])]));
}

/** Two planned calls are the same when their names and arguments are (argument order aside). */
function callKey(call: PlannedToolCall): string {
  return `${call.name}:${JSON.stringify(Object.entries(call.args).sort(([a], [b]) => a.localeCompare(b)))}`;
}
