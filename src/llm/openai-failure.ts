/**
 * What an `openai` SDK error means for us: whether the retry policy may try again, and which
 * ChatOutcome kind it ends in, with a short log-safe cause.
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import { describeError } from "../domain/errors";
import type { ChatOutcome } from "../workflow/ports";
import type { EndpointFault } from "./endpoint-pool";
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
 * Why a failed attempt counts against its endpoint's circuit breaker, or undefined when it does not
 * (a 4xx is the request's fault, an abort is the caller's): connection errors, 408, 5xx, and 429s
 * whose Retry-After is missing or longer than `retryAfterBudgetMs`.
 */
export function endpointFault(error: unknown, retryAfterBudgetMs: number): EndpointFault | undefined {
  if (error instanceof APIConnectionTimeoutError) return { kind: "timeout", cause: "connection timed out" };
  if (error instanceof APIConnectionError) {
    const code = errorCode(error);
    return code === "ECONNREFUSED" ? { kind: "refused", cause: "connection refused" } : { kind: "connection", cause: `connection error${code ? ` (${code})` : ""}` };
  }
  if (!(error instanceof APIError) || error.status === undefined) return undefined;
  if (error.status === 408) return { kind: "timeout", cause: "HTTP 408" };
  if (error.status >= 500) return { kind: "server_error", cause: `HTTP ${error.status}` };
  if (error.status !== 429) return undefined;
  const retryAfterMs = parseRetryAfter(error.headers ?? {});
  if (retryAfterMs !== undefined && retryAfterMs <= retryAfterBudgetMs) return undefined;
  return { kind: "rate_limited", cause: `HTTP 429 (Retry-After ${retryAfterMs === undefined ? "absent" : `${Math.round(retryAfterMs / 1000)} s`})` };
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

/** The first system error code (ECONNREFUSED, ECONNRESET, ENOTFOUND, …) in the cause chain. */
function errorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^E[A-Z]+$/.test(code)) return code;
  }
  return undefined;
}

/** One line, at most MAX_CAUSE_CHARS long. */
function shorten(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= MAX_CAUSE_CHARS ? line : `${line.slice(0, MAX_CAUSE_CHARS - 1)}…`;
}
