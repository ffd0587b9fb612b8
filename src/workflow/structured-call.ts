import type { z } from "zod";
import type { ContentFilterVerdict, ExecutorOutcome } from "../domain";
import type { CallCost, ChatMessage, ChatModel, ChatOutcome, ChatRequest, FailedCall, TokenUsage } from "./ports";
import { describeZodError } from "../domain/errors";

/** The result of asking a model for a structured value: the value, or why there is none. */
export type StructuredOutcome<T> = ({ kind: "ok"; value: T; repaired: boolean } & CallCost) | FailedCall<Exclude<ExecutorOutcome, "ok">>;

/** A validated value, or why there is none (the model's failure, or a reply still invalid after the repair). */
type Repaired<T> =
  { kind: "ok"; value: T; repaired: boolean } | { kind: Exclude<ExecutorOutcome, "ok">; cause: string; filter?: ContentFilterVerdict };

/** One reply of the model to `conversation`; `repairing` is true for the repair request. */
export type AskModel = (conversation: ChatMessage[], repairing: boolean) => Promise<ChatOutcome>;

/** Adds one call's usage to a running total (cached and reasoning tokens only once a provider has reported them). */
export function addUsage(total: TokenUsage, usage: TokenUsage): void {
  total.inputTokens += usage.inputTokens;
  total.outputTokens += usage.outputTokens;
  if (usage.cachedInputTokens !== undefined) total.cachedInputTokens = (total.cachedInputTokens ?? 0) + usage.cachedInputTokens;
  if (usage.reasoningTokens !== undefined) total.reasoningTokens = (total.reasoningTokens ?? 0) + usage.reasoningTokens;
}

/** A call that was never sent (the run was blocked, or its time was up): it fails for `cause` and costs nothing. */
export function unsentCall<K extends ExecutorOutcome>(kind: K, cause: string, model: string): FailedCall<K> {
  return { kind, cause, usage: { inputTokens: 0, outputTokens: 0 }, durationMs: 0, attempts: 0, model };
}

/** What a step's model calls cost in all. */
export class CallTally implements CallCost {
  readonly usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
  durationMs = 0;
  attempts = 0;

  constructor(public model: string) {}

  /** Adds one call's cost; returns the outcome, so a call can be tallied where it is made. */
  add(outcome: ChatOutcome): ChatOutcome {
    addUsage(this.usage, outcome.usage);
    this.durationMs += outcome.durationMs;
    this.attempts += outcome.attempts;
    this.model = outcome.model;
    return outcome;
  }
}

/**
 * The repair loop every structured call goes through: `ask` answers the conversation (it may add
 * turns of its own to it first, such as tool calls and their results), the reply is validated with
 * `validator`, and an invalid reply gets exactly one repair request carrying the validation message
 * (`repairInstruction` + details). A second invalid reply is `invalid_output`, never a loop.
 */
export async function validateWithOneRepair<V extends z.ZodTypeAny>(
  ask: AskModel,
  messages: readonly ChatMessage[],
  repairInstruction: string,
  validator: V,
): Promise<Repaired<z.output<V>>> {
  const conversation = [...messages];
  for (let repairing = false; ; repairing = true) {
    const reply = await ask(conversation, repairing);
    if (reply.kind !== "ok") return { kind: reply.kind, cause: reply.cause, ...(reply.filter ? { filter: reply.filter } : {}) };
    const checked = validate(reply.content, validator);
    if (checked.ok) return { kind: "ok", value: checked.value, repaired: repairing };
    if (repairing) return { kind: "invalid_output", cause: checked.error };
    conversation.push({ role: "assistant", content: reply.content }, { role: "user", content: `${repairInstruction}\n\n${checked.error}` });
  }
}

/**
 * Calls the model for a structured answer (`request.output` is the wire schema) and validates the
 * reply with `validator` (often the same schema, sometimes stricter), with one repair.
 */
export async function callStructured<V extends z.ZodTypeAny>(
  model: ChatModel,
  request: ChatRequest,
  repairInstruction: string,
  validator: V,
): Promise<StructuredOutcome<z.output<V>>> {
  const tally = new CallTally(request.model);
  const ask: AskModel = async (conversation) => tally.add(await model.complete({ ...request, messages: [...conversation] }));
  const result = await validateWithOneRepair(ask, request.messages, repairInstruction, validator);
  return { ...result, usage: tally.usage, durationMs: tally.durationMs, attempts: tally.attempts, model: tally.model };
}

/** Parses JSON text and validates it; the error names the failing paths, ready for a repair prompt. */
function validate<S extends z.ZodTypeAny>(content: string, schema: S): { ok: true; value: z.output<S> } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch (error) {
    return { ok: false, error: `The reply is not valid JSON (${(error as Error).message}).` };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data as z.output<S> };
  return { ok: false, error: `The reply does not match the schema: ${describeZodError(parsed.error)}.` };
}
