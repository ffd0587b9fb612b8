import { SystemError, describeError } from "../domain/errors";

/**
 * The one retry layer of ours. Throttling (429) is retried by the SDK's own `retryOptions`, and
 * connection resets/timeouts on reads by its default policy; here we retry only what the SDK
 * leaves alone in our configuration — service-signalled transient statuses — with bounded backoff.
 */
const TRANSIENT_STATUSES = new Set([408, 449, 503]);

/** How our retry layer backs off; injectable so tests run fast. */
export interface RetryPolicy {
  attempts: number;
  initialMs: number;
  multiplier: number;
}

/** Three attempts, 200 ms then 800 ms apart. */
export const DEFAULT_STORE_RETRY: RetryPolicy = { attempts: 3, initialMs: 200, multiplier: 4 };

/** The HTTP status (or error code) the SDK attached to a failure, when there is one. */
export function statusOf(error: unknown): number | string | undefined {
  if (typeof error === "object" && error !== null && "code" in error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "number" || typeof code === "string") return code;
  }
  return undefined;
}

/**
 * Runs one store operation: transient failures are retried within the bound, and anything that
 * still fails becomes a SystemError naming the operation and carrying the SDK error as `cause`.
 */
export async function storeCall<T>(operation: string, fn: () => Promise<T>, retry: RetryPolicy = DEFAULT_STORE_RETRY): Promise<T> {
  const result = await storeCallExpecting(operation, fn, [], retry);
  if (result.kind === "status") throw new Error("unreachable: no status is expected");
  return result.value;
}

/**
 * Like `storeCall`, but the listed statuses (404, 409, 412 …) are expected outcomes returned as a
 * value, so repositories can map them to `undefined` or a typed conflict.
 */
export async function storeCallExpecting<T, S extends number>(
  operation: string,
  fn: () => Promise<T>,
  expected: readonly S[],
  retry: RetryPolicy = DEFAULT_STORE_RETRY,
): Promise<{ kind: "ok"; value: T } | { kind: "status"; status: S }> {
  let delayMs = retry.initialMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return { kind: "ok", value: await fn() };
    } catch (error) {
      const status = statusOf(error);
      if ((expected as readonly unknown[]).includes(status)) return { kind: "status", status: status as S };
      if (attempt < retry.attempts && typeof status === "number" && TRANSIENT_STATUSES.has(status)) {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        delayMs *= retry.multiplier;
        continue;
      }
      const code = status === undefined ? "" : ` (${status})`;
      throw new SystemError(`Cosmos ${operation} failed${code}: ${describeError(error)}`, { cause: error });
    }
  }
}
