/**
 * The one retry policy of the application (model, store and Teams calls, each with its values from policies.ts or the configuration):
 * back-off with jitter honouring `Retry-After`, only for what the classifier calls transient, within the signal and budget. Knows no SDK.
 */
import { setTimeout as delay } from "node:timers/promises";

export interface RetryPolicy {
  /** Retries after the first attempt; `Infinity` leaves the bound to `budgetMs`. */
  maxRetries: number;
  /** The back-off is initialMs × multiplier^retry, never longer than maxMs (a server's Retry-After included). */
  initialMs: number;
  multiplier: number;
  maxMs: number;
  /** Share of each back-off taken off at random (added to a Retry-After), so callers that failed together do not return together; 0.2. */
  jitter?: number;
  /** No back-off starts that would end more than this long after the first attempt began. */
  budgetMs?: number;
}

/** Waits `ms`, returning early (without throwing) when `signal` aborts. Injectable so tests never wait. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface FailedAttempt {
  retryable: boolean;
  retryAfterMs?: number;
  /** The next attempt goes to another endpoint: it starts at once and does not count against `maxRetries` (one endpoint's trouble). */
  failover?: boolean;
}

/** Which failures retry; by default every one does (the operation's failures are all transient). */
type Classify = (error: unknown) => FailedAttempt;

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
  random?: () => number;
  now?: () => number;
}

export type RetryResult<T> = { ok: true; value: T; attempts: number } | { ok: false; error: unknown; attempts: number };

const DEFAULT_JITTER = 0.2;

const retryEverything: Classify = () => ({ retryable: true });

const realSleep: Sleep = (ms, signal) => delay(ms, undefined, { signal }).catch(() => undefined);

/** 408, 409, 429 and every 5xx are worth another try; other statuses (400, 401, 403, 404, …) are not. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** The wait a server asked for: `retry-after-ms`, else `retry-after` as seconds or an HTTP date; unparsable or negative is absent. */
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

/** The wait before retry `retry` (0-based): a Retry-After plus up to `jitter` of it, else the exponential less up to `jitter` of it. */
export function backoffDelayMs(retry: number, failure: Partial<FailedAttempt>, policy: RetryPolicy, random: () => number): number {
  const jitter = policy.jitter ?? DEFAULT_JITTER;
  if (failure.retryAfterMs !== undefined) return Math.round(Math.min(policy.maxMs, failure.retryAfterMs * (1 + jitter * random())));
  const exponential = Math.min(policy.maxMs, policy.initialMs * policy.multiplier ** retry);
  return Math.round(exponential * (1 - jitter * random()));
}

/** Runs `attempt` until it succeeds, fails for good, runs out of retries, is aborted, or the next back-off would pass the deadline. */
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

export async function retrying<T>(attempt: (attemptNumber: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const result = await retryWithBackoff(attempt, options);
  if (result.ok) return result.value;
  throw result.error;
}
