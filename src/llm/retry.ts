/**
 * The retry policy for model calls: bounded exponential back-off with jitter that honours the
 * server's `Retry-After`, never outlives the caller's signal, and never sleeps past a deadline.
 * It knows HTTP statuses and headers but nothing about any SDK.
 */
import { setTimeout as delay } from "node:timers/promises";

/** Back-off settings (AppConfig.retry): at most `maxRetries` retries after the first attempt. */
export interface RetrySettings {
  maxRetries: number;
  initialMs: number;
  multiplier: number;
  maxMs: number;
}

/** Defaults: 2 s, ×2, capped at 30 s, four retries — about a minute, long enough to ride out a typical 429 window. */
export const DEFAULT_RETRY_SETTINGS: RetrySettings = { maxRetries: 4, initialMs: 2000, multiplier: 2, maxMs: 30_000 };

/** Waits `ms`, returning early (without throwing) when `signal` aborts. Injectable so tests never wait. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** How the policy sees one failed attempt. */
export interface FailedAttempt {
  retryable: boolean;
  /** The server's requested wait, when it sent one. */
  retryAfterMs?: number;
  /**
   * The next attempt goes to another endpoint (failover): it starts at once and does not count
   * against `maxRetries`, which bounds the retries of one endpoint's trouble.
   */
  failover?: boolean;
}

/** Knobs of one retried operation. */
export interface RetryOptions {
  settings: RetrySettings;
  /** Once aborted, no further attempt starts and any sleep ends. */
  signal?: AbortSignal;
  /** Epoch ms: a back-off that would end at or after it is not taken. */
  deadline?: number;
  sleep?: Sleep;
  /** Uniform in [0, 1); drives the jitter. */
  random?: () => number;
  now?: () => number;
}

/** The value of the first successful attempt, or the last error; `attempts` counts both ways. */
export type RetryResult<T> = { ok: true; value: T; attempts: number } | { ok: false; error: unknown; attempts: number };

/** Share of a delay removed (back-off) or added (Retry-After) at random, so parallel callers spread out. */
const JITTER = 0.2;

/** The sleep used in production: a timer that ends early when the signal aborts. */
export const realSleep: Sleep = (ms, signal) => delay(ms, undefined, { signal }).catch(() => undefined);

/** 408, 409, 429 and every 5xx are worth another try; other statuses (400, 401, 403, 404, …) are not. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * The wait a server asked for, in ms: `retry-after-ms`, else `retry-after` as seconds or an HTTP
 * date. Header names are matched case-insensitively; unparsable or negative values count as absent.
 */
export function parseRetryAfter(headers: Record<string, string | undefined>, now: number = Date.now()): number | undefined {
  const header = (name: string) => Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1]?.trim();
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
 * The wait before retry number `retry` (0-based): the server's Retry-After plus up to 20 % jitter
 * when given, else `initialMs × multiplier^retry` less up to 20 % jitter; never more than `maxMs`.
 */
export function backoffDelayMs(retry: number, failure: FailedAttempt, settings: RetrySettings, random: () => number): number {
  if (failure.retryAfterMs !== undefined) return Math.round(Math.min(settings.maxMs, failure.retryAfterMs * (1 + JITTER * random())));
  const exponential = Math.min(settings.maxMs, settings.initialMs * settings.multiplier ** retry);
  return Math.round(exponential * (1 - JITTER * random()));
}

/**
 * Runs `attempt` until it succeeds, fails in a way `classify` calls final, the retries run out,
 * the signal aborts, or the next back-off would pass the deadline.
 */
export async function retryWithBackoff<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  classify: (error: unknown) => FailedAttempt,
  options: RetryOptions,
): Promise<RetryResult<T>> {
  const { settings, signal, deadline, sleep = realSleep, random = Math.random, now = Date.now } = options;
  for (let attempts = 1, retries = 0; ; attempts++) {
    try {
      return { ok: true, value: await attempt(attempts), attempts };
    } catch (error) {
      const failure = classify(error);
      if (signal?.aborted) return { ok: false, error, attempts };
      if (failure.failover) continue;
      if (!failure.retryable || retries >= settings.maxRetries) return { ok: false, error, attempts };
      const wait = backoffDelayMs(retries++, failure, settings, random);
      if (deadline !== undefined && now() + wait >= deadline) return { ok: false, error, attempts };
      await sleep(wait, signal);
      if (signal?.aborted) return { ok: false, error, attempts };
    }
  }
}
