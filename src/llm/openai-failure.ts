/**
 * What an `openai` SDK error means for us: whether the retry policy may try again, and which
 * ChatOutcome kind it ends in, with a short log-safe cause.
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import { describeError } from "../domain/errors";
import type { ChatOutcome } from "../workflow/ports";
import { isRetryableStatus, parseRetryAfter, type FailedAttempt } from "./retry";

/** Longest cause text kept; server messages can be long and are never needed in full. */
const MAX_CAUSE_CHARS = 200;

/** Failure kinds of a ChatOutcome. */
export type FailureKind = Exclude<ChatOutcome["kind"], "ok">;

/** Retry verdict for one failed attempt: HTTP statuses per the policy, network failures yes, aborts no. */
export function classifyOpenAiError(error: unknown): FailedAttempt {
  if (error instanceof APIError && error.status !== undefined)
    return { retryable: isRetryableStatus(error.status), retryAfterMs: parseRetryAfter(error.headers ?? {}) };
  return { retryable: error instanceof APIConnectionError };
}

/**
 * The outcome kind and cause of a call that ended in `error`. The caller's abort wins (cancelled),
 * then our own deadline (timeout); a 429 is rate_limited; everything else is an error.
 */
export function describeFailure(
  error: unknown,
  context: { cancelled: boolean; timedOut: boolean; timeoutMs: number; attempts: number },
): { kind: FailureKind; cause: string } {
  if (context.cancelled) return { kind: "cancelled", cause: "cancelled by the caller" };
  if (context.timedOut || error instanceof APIConnectionTimeoutError)
    return { kind: "timeout", cause: `no answer within ${context.timeoutMs} ms (${context.attempts} attempt(s))` };
  const tries = `after ${context.attempts} attempt(s)`;
  if (error instanceof APIError && error.status !== undefined)
    return { kind: error.status === 429 ? "rate_limited" : "error", cause: shorten(`HTTP ${error.status} ${tries}: ${error.message.replace(/^\d{3} /, "")}`) };
  return { kind: "error", cause: shorten(`${describeError(error)} ${tries}`) };
}

/** One line, at most MAX_CAUSE_CHARS long. */
function shorten(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= MAX_CAUSE_CHARS ? line : `${line.slice(0, MAX_CAUSE_CHARS - 1)}…`;
}
