import type { z } from "zod";
import type { ExecutorOutcome } from "../domain";
import type { ChatModel, ChatRequest, TokenUsage } from "./ports";
import { addUsage } from "./token-usage";
import { describeZodError } from "../domain/zod-issues";

/** The result of asking a model for a structured value: the value, or why there is none. */
export type StructuredOutcome<T> =
  | { kind: "ok"; value: T; usage: TokenUsage; durationMs: number; attempts: number; model: string; repaired: boolean }
  | { kind: Exclude<ExecutorOutcome, "ok">; cause: string; usage: TokenUsage; durationMs: number; attempts: number; model: string };

/**
 * Calls the model for a structured answer (`request.output` is the wire schema) and validates the
 * reply with `validator` (often the same schema, sometimes stricter). An invalid answer gets
 * exactly one repair request carrying the validation message (`repairInstruction` + details); a
 * second invalid answer is an `invalid_output` outcome, never a loop.
 */
export async function callStructured<V extends z.ZodTypeAny>(
  model: ChatModel,
  request: ChatRequest,
  repairInstruction: string,
  validator: V,
): Promise<StructuredOutcome<z.output<V>>> {
  const usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
  let durationMs = 0;
  let attempts = 0;
  let messages = request.messages;
  for (let pass = 0; pass < 2; pass++) {
    const outcome = await model.complete({ ...request, messages });
    addUsage(usage, outcome.usage);
    durationMs += outcome.durationMs;
    attempts += outcome.attempts;
    if (outcome.kind !== "ok") return { kind: outcome.kind, cause: outcome.cause, usage, durationMs, attempts, model: outcome.model };
    const problem = validate(outcome.content, validator);
    if (problem.ok) return { kind: "ok", value: problem.value, usage, durationMs, attempts, model: outcome.model, repaired: pass > 0 };
    if (pass === 1) return { kind: "invalid_output", cause: problem.error, usage, durationMs, attempts, model: outcome.model };
    messages = [
      ...request.messages,
      { role: "assistant", content: outcome.content },
      { role: "user", content: `${repairInstruction}\n\n${problem.error}` },
    ];
  }
  throw new Error("unreachable");
}

/** Parses JSON text and validates it; the error names the failing paths, ready for a repair prompt. */
export function validate<S extends z.ZodTypeAny>(
  content: string,
  schema: S,
): { ok: true; value: z.output<S> } | { ok: false; error: string } {
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
