/**
 * Every retry policy of the application, side by side, so their bounds can be compared and changed in one place. Model calls take theirs
 * from the configuration (LLM_* and MODEL_* settings, whose defaults are `MODEL_CALL_RETRY` and `MODEL_FAILOVER`).
 */
import type { CircuitSettings } from "./circuit-breaker";
import type { RetryPolicy } from "./retry";

/** A model call: 2 s, ×2, capped at 30 s, four retries (429, 5xx, timeouts; Retry-After wins). */
export const MODEL_CALL_RETRY = { maxRetries: 4, initialMs: 2000, multiplier: 2, maxMs: 30_000 } as const satisfies RetryPolicy;

/**
 * Model endpoints in failover order: an endpoint's breaker (per deployment) opens for 30 s when half of at least five requests in the last
 * minute failed, and a 429 asking to wait more than 10 s counts as a fault (the next endpoint is tried at once).
 */
export const MODEL_FAILOVER = {
  circuit: { failureRate: 0.5, minimumRequests: 5, windowMs: 60_000, openMs: 30_000 },
  retryAfterBudgetMs: 10_000,
} as const satisfies { circuit: CircuitSettings; retryAfterBudgetMs: number };

/**
 * An answer cut off at its token budget (`finish_reason: "length"`) is asked again once with twice the budget, never more than `maxTokens`:
 * a reasoning model can spend a small budget on thinking alone.
 */
export const CUT_OFF_ANSWER = { budgetFactor: 2, maxTokens: 16_000 } as const;

/**
 * An evaluation call: the configured number of retries, always with the standard back-off — an evaluation run is a batch that must not
 * hammer an endpoint the bot shares, whatever LLM_RETRY_* says.
 */
export function evalModelRetry(maxRetries: number): RetryPolicy {
  return { ...MODEL_CALL_RETRY, maxRetries };
}

/**
 * A store (Cosmos) call: three attempts, 200 ms then 800 ms apart. The SDK already retries throttling and read timeouts on its own, so this
 * only covers what it leaves alone.
 */
export const STORE_CALL_RETRY: RetryPolicy = { maxRetries: 2, initialMs: 200, multiplier: 4, maxMs: 800 };

/**
 * Client-side deadlines (an abort signal, `withDeadline`): a store call, its retries included, gives up after 25 s; a bulk import call,
 * which may carry a whole container, after 10 minutes; a queue call after 8 s, so the inbound turn tells the asker within 10 s that a
 * question was not queued.
 */
export const STORE_CALL_DEADLINE_MS = 25_000;
export const STORE_BULK_DEADLINE_MS = 600_000;
export const QUEUE_CALL_DEADLINE_MS = 8_000;

/** A Teams send (approval thread, card update, reply): five attempts over about 15 s (1, 2, 4, 8 s apart). */
export const TEAMS_SEND_RETRY: RetryPolicy = { maxRetries: 4, initialMs: 1000, multiplier: 2, maxMs: 8000 };

/** A finished run's final checkpoint: a store briefly down must not lose the run, so it is written again (250 ms doubling to 4 s) for 20 s. */
export const FINAL_CHECKPOINT_RETRY: RetryPolicy = { maxRetries: Infinity, initialMs: 250, multiplier: 2, maxMs: 4000, budgetMs: 20_000 };

/** A queued run whose store is unreachable: its worker keeps the lease and tries again (500 ms doubling to 8 s) for a minute, then lets go. */
export const STORE_OUTAGE_RETRY = {
  maxRetries: Infinity,
  initialMs: 500,
  multiplier: 2,
  maxMs: 8000,
  budgetMs: 60_000,
} as const satisfies RetryPolicy;

/**
 * A run message whose work failed goes back to the queue, visible again after 2^delivery s (at most a minute); the queue's delivery count
 * is the retry number and RUN_MAX_DELIVERIES the bound. Whole seconds, without jitter: the queue's visibility timeout counts in seconds.
 */
export const QUEUE_REDELIVERY_RETRY: RetryPolicy = { maxRetries: Infinity, initialMs: 1000, multiplier: 2, maxMs: 60_000, jitter: 0 };
