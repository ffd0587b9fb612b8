import { SystemError, describeError } from "../domain/errors";
import { STORE_CALL_DEADLINE_MS, STORE_CALL_RETRY, retryWithBackoff, withDeadline } from "../resilience";

/**
 * Throttling (429) is retried by the SDK's own `retryOptions`, and connection resets/timeouts on reads by its default policy; here we retry
 * only what the SDK leaves alone in our configuration — service-signalled transient statuses.
 */
const TRANSIENT_STATUSES = new Set([408, 449, 503]);

export function isTransientStatus(status: number | string | undefined): boolean {
  return typeof status === "number" && TRANSIENT_STATUSES.has(status);
}

/** Or error code. */
export function statusOf(error: unknown): number | string | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === "number" || typeof code === "string" ? code : undefined;
}

/** Passes the signal of its client-side deadline on to the SDK as `abortSignal`. */
type StoreOperation<T> = (abortSignal: AbortSignal) => Promise<T>;

/** The deadline includes retries; what still fails is a SystemError naming the operation, the SDK error as `cause`. */
export async function storeCall<T>(operation: string, fn: StoreOperation<T>, deadlineMs = STORE_CALL_DEADLINE_MS): Promise<T> {
  const result = await storeCallExpecting(operation, fn, [], deadlineMs);
  if (result.kind === "status") throw new Error("unreachable: no status is expected");
  return result.value;
}

/** The listed statuses (404, 409, 412 …) are returned as values, for repositories to map to `undefined` or a typed conflict. */
export async function storeCallExpecting<T, S extends number>(
  operation: string,
  fn: StoreOperation<T>,
  expected: readonly S[],
  deadlineMs = STORE_CALL_DEADLINE_MS,
): Promise<{ kind: "ok"; value: T } | { kind: "status"; status: S }> {
  const isExpected = (status: unknown): status is S => (expected as readonly unknown[]).includes(status);
  const result = await withDeadline(`Cosmos ${operation}`, deadlineMs, (signal) =>
    retryWithBackoff(() => fn(signal), {
      policy: STORE_CALL_RETRY,
      signal,
      classify: (error) => {
        const status = statusOf(error);
        return { retryable: !isExpected(status) && isTransientStatus(status) };
      },
    }),
  ).catch((error: unknown) => ({ ok: false as const, error }));
  if (result.ok) return { kind: "ok", value: result.value };
  const status = statusOf(result.error);
  if (isExpected(status)) return { kind: "status", status };
  const code = status === undefined ? "" : ` (${status})`;
  throw new SystemError(`Cosmos ${operation} failed${code}: ${describeError(result.error)}`, { cause: result.error });
}
