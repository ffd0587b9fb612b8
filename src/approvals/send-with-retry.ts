import { retrying, type RetryPolicy } from "../resilience";

/**
 * Runs a Teams send under its retry policy; rethrows the last error. Every failure is retried: the
 * connector's errors do not say reliably which ones a later try would fix.
 */
export function sendWithRetry<T>(send: (attempt: number) => Promise<T>, policy: RetryPolicy): Promise<T> {
  return retrying(send, { policy });
}
