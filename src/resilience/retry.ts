/**
 * The one retry policy of the application: bounded exponential back-off with jitter that honours a server's `Retry-After`, retries only
 * what the caller's classifier calls transient, never outlives the caller's signal, and never sleeps past its time budget. Model calls,
 * store calls, Teams sends and the workflow's waits for the store all go through it, each with its own values (policies.ts, or the
 * configuration for model calls). It knows HTTP statuses and headers but no SDK.
 */
import { setTimeout as delay } from "node:timers/promises";

/** How one kind of operation is retried. */
export interface RetryPolicy {
  /** Retries after the first attempt; `Infinity` leaves the bound to `budgetMs`. */
  maxRetries: number;
  /** The first back-off … */
  initialMs: number;
  /** … multiplied by this for each further retry … */
  multiplier: number;
  /** … and never longer than this (a server's Retry-After included). */
  maxMs: number;
  /**
   * Share of each back-off taken off at random (and added to a server's Retry-After), so callers that failed together do not come back
   * together. 0.2 when absent.
   */
  jitter?: number;
  /** No back-off starts that would end more than this long after the first attempt began. */
  budgetMs?: number;
}

/** Waits `ms`, returning early (without throwing) when `signal` aborts. Injectable so tests never wait. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** How the policy sees one failed attempt: the classifier's verdict. */
export interface FailedAttempt {
  retryable: boolean;
  /** The server's requested wait, when it sent one. */
  retryAfterMs?: number;
  /**
   * The next attempt goes to another endpoint (failover): it starts at once and does not count against `maxRetries`, which bounds the
   * retries of one endpoint's trouble.
   */
  failover?: boolean;
}

/** Which failures retry; by default every one does (the operation's failures are all transient). */
type Classify = (error: unknown) => FailedAttempt;

/** One retried operation: its policy, classification and the seams tests use. */
export interface RetryOptions {
  policy: RetryPolicy;
  classify?: Classify;
  /** Once aborted, no further attempt starts and any sleep ends. */
  signal?: AbortSignal;
  /** Epoch ms: a back-off that would end at or after it is not taken (a per-call timeout, say). */
  deadline?: number;
  /** Hears each failure that will be retried, before the wait (logging). */
  onRetry?: (error: unknown, waitMs: number, attempt: number) => void;
  sleep?: Sleep;
  /** Uniform in [0, 1); drives the jitter. */
  random?: () => number;
  now?: () => number;
}

/** The value of the first successful attempt, or the last error; `attempts` counts both ways. */
export type RetryResult<T> = { ok: true; value: T; attempts: number } | { ok: false; error: unknown; attempts: number };

const DEFAULT_JITTER = 0.2;

const retryEverything: Classify = () => ({ retryable: true });

/** The sleep used in production: a timer that ends early when the signal aborts. */
const realSleep: Sleep = (ms, signal) => delay(ms, undefined, { signal }).catch(() => undefined);

/** 408, 409, 429 and every 5xx are worth another try; other statuses (400, 401, 403, 404, …) are not. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * The wait a server asked for, in ms: `retry-after-ms`, else `retry-after` as seconds or an HTTP date. Header names are matched
 * case-insensitively; unparsable or negative values count as absent.
 */
export function parseRetryAfter(headers: Record<string, string | undefined>, now: number = Date.now()): number | undefined {
  const header = (name: string) =>
    Object.entries(headers)
      .find(([key]) => key.toLowerCase() === name)?.[1]
      ?.trim();
  const ms = Number(header("retry-after-ms") || Number.NaN);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = header("retry-after");
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The wait before retry number `retry` (0-based): the server's Retry-After plus up to `jitter` of it when given, else `initialMs ×
 * multiplier^retry` less up to `jitter` of it; never more than `maxMs`.
 */
export function backoffDelayMs(retry: number, failure: Partial<FailedAttempt>, policy: RetryPolicy, random: () => number): number {
  const jitter = policy.jitter ?? DEFAULT_JITTER;
  if (failure.retryAfterMs !== undefined) return Math.round(Math.min(policy.maxMs, failure.retryAfterMs * (1 + jitter * random())));
  const exponential = Math.min(policy.maxMs, policy.initialMs * policy.multiplier ** retry);
  return Math.round(exponential * (1 - jitter * random()));
}

/**
 * Runs `attempt` until it succeeds, fails in a way the classifier calls final, the retries run out, the signal aborts, or the next back-off
 * would pass the deadline or the policy's budget.
 */
export async function retryWithBackoff<T>(attempt: (attemptNumber: number) => Promise<T>, options: RetryOptions): Promise<RetryResult<T>> {
  const { policy, classify = retryEverything, signal, onRetry, sleep = realSleep, random = Math.random, now = Date.now } = options;
  const budgetEnd = policy.budgetMs === undefined ? Infinity : now() + policy.budgetMs;
  const deadline = Math.min(options.deadline ?? Infinity, budgetEnd);
  for (let attempts = 1, retries = 0; ; attempts++) {
    try {
      return { ok: true, value: await attempt(attempts), attempts };
    } catch (error) {
      const failure = classify(error);
      if (signal?.aborted) return { ok: false, error, attempts };
      if (failure.failover) continue;
      if (!failure.retryable || retries >= policy.maxRetries) return { ok: false, error, attempts };
      const wait = backoffDelayMs(retries++, failure, policy, random);
      if (now() + wait >= deadline) return { ok: false, error, attempts };
      onRetry?.(error, wait, attempts);
      await sleep(wait, signal);
      if (signal?.aborted) return { ok: false, error, attempts };
    }
  }
}

/** `retryWithBackoff` for callers that want the value or the last error thrown. */
export async function retrying<T>(attempt: (attemptNumber: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const result = await retryWithBackoff(attempt, options);
  if (result.ok) return result.value;
  throw result.error;
}
