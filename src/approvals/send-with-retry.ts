import type { SendRetry } from "./deps";

/** Runs `send` until it succeeds or `retry.attempts` are used, backing off between tries; rethrows the last error. */
export async function sendWithRetry<T>(send: (attempt: number) => Promise<T>, retry: SendRetry): Promise<T> {
  let delayMs = retry.initialMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await send(attempt);
    } catch (error) {
      if (attempt >= retry.attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      delayMs *= retry.multiplier;
    }
  }
}
