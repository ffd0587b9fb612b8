import assert from "node:assert/strict";
import {
  backoffDelayMs,
  MODEL_CALL_RETRY,
  isRetryableStatus,
  parseRetryAfter,
  retryWithBackoff,
  retrying,
  FINAL_CHECKPOINT_RETRY,
  QUEUE_REDELIVERY_RETRY,
  STORE_CALL_RETRY,
  TEAMS_SEND_RETRY,
  type FailedAttempt,
  type Sleep,
} from "../../../src/resilience";

/** A failure carrying an HTTP status and optional headers, as the adapter's classifier sees it. */
class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly headers: Record<string, string> = {},
  ) {
    super(`HTTP ${status}`);
  }
}

const classify = (error: unknown): FailedAttempt =>
  error instanceof HttpFailure
    ? { retryable: isRetryableStatus(error.status), retryAfterMs: parseRetryAfter(error.headers, 0) }
    : { retryable: false };

/** An operation that fails with the given statuses in turn, then returns "done". */
function failingWith(...failures: HttpFailure[]) {
  const calls: number[] = [];
  const attempt = async (attemptNumber: number) => {
    calls.push(attemptNumber);
    const failure = failures.shift();
    if (failure) throw failure;
    return "done";
  };
  return { attempt, calls };
}

/** A sleep that records what it was asked for and returns at once. */
function recordingSleep(): { sleep: Sleep; waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}

describe("retry policy", () => {
  describe("isRetryableStatus", () => {
    it("retries 408, 409, 429 and every 5xx, never other 4xx", () => {
      for (const status of [408, 409, 429, 500, 502, 503, 504, 599]) assert.equal(isRetryableStatus(status), true, String(status));
      for (const status of [400, 401, 403, 404, 422]) assert.equal(isRetryableStatus(status), false, String(status));
    });
  });

  describe("parseRetryAfter", () => {
    const now = Date.parse("2025-01-01T00:00:00Z");

    it("reads seconds, fractional seconds and zero", () => {
      assert.equal(parseRetryAfter({ "retry-after": "3" }, now), 3000);
      assert.equal(parseRetryAfter({ "retry-after": "0.5" }, now), 500);
      assert.equal(parseRetryAfter({ "retry-after": "0" }, now), 0);
    });

    it("reads an HTTP date relative to now, and a past date as zero", () => {
      assert.equal(parseRetryAfter({ "retry-after": "Wed, 01 Jan 2025 00:00:07 GMT" }, now), 7000);
      assert.equal(parseRetryAfter({ "retry-after": "Tue, 31 Dec 2024 23:59:00 GMT" }, now), 0);
    });

    it("prefers retry-after-ms and matches header names case-insensitively", () => {
      assert.equal(parseRetryAfter({ "Retry-After-Ms": "250", "retry-after": "9" }, now), 250);
      assert.equal(parseRetryAfter({ "Retry-After": "2" }, now), 2000);
    });

    it("treats missing, negative or garbage values as absent", () => {
      assert.equal(parseRetryAfter({}, now), undefined);
      assert.equal(parseRetryAfter({ "retry-after": "soon" }, now), undefined);
      assert.equal(parseRetryAfter({ "retry-after": "-4" }, now), undefined);
      assert.equal(parseRetryAfter({ "retry-after-ms": "x", "retry-after": "1" }, now), 1000);
    });
  });

  describe("backoffDelayMs", () => {
    const noJitter = () => 0;

    it("grows from initial by the multiplier and stops at max (2 s, 4 s, 8 s, 16 s, 30 s, 30 s)", () => {
      const delays = [0, 1, 2, 3, 4, 5].map((retry) => backoffDelayMs(retry, { retryable: true }, MODEL_CALL_RETRY, noJitter));
      assert.deepEqual(delays, [2000, 4000, 8000, 16000, 30000, 30000]);
    });

    it("jitters back-off down by at most 20 % and never above max", () => {
      for (const random of [0, 0.25, 0.5, 0.999]) {
        const first = backoffDelayMs(0, { retryable: true }, MODEL_CALL_RETRY, () => random);
        assert.ok(first <= 2000 && first >= 1600, `${first}`);
        const late = backoffDelayMs(9, { retryable: true }, MODEL_CALL_RETRY, () => random);
        assert.ok(late <= 30000 && late >= 24000, `${late}`);
      }
    });

    it("waits at least the server's Retry-After (plus up to 20 %), capped at max", () => {
      assert.equal(backoffDelayMs(0, { retryable: true, retryAfterMs: 5000 }, MODEL_CALL_RETRY, noJitter), 5000);
      assert.equal(
        backoffDelayMs(0, { retryable: true, retryAfterMs: 5000 }, MODEL_CALL_RETRY, () => 0.5),
        5500,
      );
      assert.equal(backoffDelayMs(3, { retryable: true, retryAfterMs: 120_000 }, MODEL_CALL_RETRY, noJitter), 30000);
    });
  });

  describe("retryWithBackoff", () => {
    it("retries retryable failures with the back-off sequence and returns the value with the attempt count", async () => {
      const { attempt, calls } = failingWith(new HttpFailure(503), new HttpFailure(500), new HttpFailure(429));
      const { sleep, waits } = recordingSleep();
      const result = await retryWithBackoff(attempt, { policy: MODEL_CALL_RETRY, classify, sleep, random: () => 0 });
      assert.deepEqual(result, { ok: true, value: "done", attempts: 4 });
      assert.deepEqual(calls, [1, 2, 3, 4]);
      assert.deepEqual(waits, [2000, 4000, 8000]);
    });

    it("honours Retry-After (seconds, date, ms) instead of the exponential delay", async () => {
      const date = new Date(Date.now() + 10_000).toUTCString();
      const { attempt } = failingWith(
        new HttpFailure(429, { "retry-after": "7" }),
        new HttpFailure(429, { "retry-after-ms": "120" }),
        new HttpFailure(503, { "retry-after": date }),
      );
      const { sleep, waits } = recordingSleep();
      const classifyNow = (error: unknown): FailedAttempt =>
        error instanceof HttpFailure ? { retryable: true, retryAfterMs: parseRetryAfter(error.headers) } : { retryable: false };
      const result = await retryWithBackoff(attempt, { policy: MODEL_CALL_RETRY, classify: classifyNow, sleep, random: () => 0 });
      assert.equal(result.ok, true);
      assert.equal(waits[0], 7000);
      assert.equal(waits[1], 120);
      assert.ok(waits[2] > 8000 && waits[2] <= 10_000, `date-based wait was ${waits[2]}`);
    });

    it("gives up after maxRetries retries and returns the last error", async () => {
      const { attempt, calls } = failingWith(...[1, 2, 3, 4].map(() => new HttpFailure(500)));
      const { sleep, waits } = recordingSleep();
      const policy = { ...MODEL_CALL_RETRY, maxRetries: 2 };
      const result = await retryWithBackoff(attempt, { policy, classify, sleep, random: () => 0 });
      assert.equal(result.ok, false);
      assert.equal(result.attempts, 3);
      assert.ok(!result.ok && result.error instanceof HttpFailure && result.error.status === 500);
      assert.deepEqual(calls, [1, 2, 3]);
      assert.deepEqual(waits, [2000, 4000]);
    });

    it("never retries 400, 401, 403 or 404", async () => {
      for (const status of [400, 401, 403, 404]) {
        const { attempt, calls } = failingWith(new HttpFailure(status));
        const { sleep, waits } = recordingSleep();
        const result = await retryWithBackoff(attempt, { policy: MODEL_CALL_RETRY, classify, sleep });
        assert.deepEqual(
          { ok: result.ok, attempts: result.attempts, calls, waits },
          { ok: false, attempts: 1, calls: [1], waits: [] },
          String(status),
        );
      }
    });

    it("does not start a back-off that would end past the deadline", async () => {
      const { attempt, calls } = failingWith(new HttpFailure(503), new HttpFailure(503));
      const { sleep, waits } = recordingSleep();
      let clock = 1_000;
      const result = await retryWithBackoff(attempt, {
        classify,
        policy: MODEL_CALL_RETRY,
        deadline: 1_000 + 5_000,
        now: () => clock,
        sleep: async (ms, signal) => {
          clock += ms;
          await sleep(ms, signal);
        },
        random: () => 0,
      });
      // 2 s fits in the 5 s budget; the next 4 s would end at 7 s, past the deadline.
      assert.deepEqual(waits, [2000]);
      assert.deepEqual(calls, [1, 2]);
      assert.equal(result.ok, false);
      assert.equal(result.attempts, 2);
    });

    it("stops at once when the signal is already aborted after a failure", async () => {
      const controller = new AbortController();
      const { sleep, waits } = recordingSleep();
      const calls: number[] = [];
      const result = await retryWithBackoff(
        async (attemptNumber) => {
          calls.push(attemptNumber);
          controller.abort();
          throw new HttpFailure(503);
        },
        { policy: MODEL_CALL_RETRY, classify, signal: controller.signal, sleep },
      );
      assert.deepEqual({ ok: result.ok, attempts: result.attempts, calls, waits }, { ok: false, attempts: 1, calls: [1], waits: [] });
    });

    it("ends a real back-off early when the signal aborts mid-sleep, without another attempt", async () => {
      const controller = new AbortController();
      const { attempt, calls } = failingWith(new HttpFailure(503), new HttpFailure(503));
      const started = Date.now();
      setTimeout(() => controller.abort(), 30);
      const result = await retryWithBackoff(attempt, { policy: MODEL_CALL_RETRY, classify, signal: controller.signal, random: () => 0 });
      assert.equal(result.ok, false);
      assert.deepEqual(calls, [1]);
      assert.ok(Date.now() - started < 1000, "the 2 s back-off was cut short by the abort");
    });

    it("does not retry errors the classifier calls final", async () => {
      const calls: number[] = [];
      const bug = new TypeError("not a model failure");
      const result = await retryWithBackoff(
        async (attemptNumber) => {
          calls.push(attemptNumber);
          throw bug;
        },
        { policy: MODEL_CALL_RETRY, classify, sleep: recordingSleep().sleep },
      );
      assert.deepEqual(result, { ok: false, error: bug, attempts: 1 });
    });
  });

  describe("budget, defaults and the throwing form", () => {
    it("stops when the next back-off would pass the policy's budget, counted from the first attempt", async () => {
      let clock = 0;
      const waits: number[] = [];
      const attempt = async () => {
        throw new Error("store down");
      };
      const result = await retryWithBackoff(attempt, {
        policy: FINAL_CHECKPOINT_RETRY,
        now: () => clock,
        sleep: async (ms) => void (waits.push(ms), (clock += ms)),
        random: () => 0,
      });
      // 250 + 500 + 1000 + 2000 + 4 × 4000 = 19.75 s; one more 4 s wait would end past 20 s.
      assert.deepEqual(waits, [250, 500, 1000, 2000, 4000, 4000, 4000, 4000]);
      assert.equal(result.attempts, 9);
    });

    it("retries every failure when no classifier is given, tells onRetry each wait, and rethrows the last error", async () => {
      const heard: string[] = [];
      const error = await retrying(
        async (attemptNumber) => {
          throw new Error(`fail ${attemptNumber}`);
        },
        {
          policy: TEAMS_SEND_RETRY,
          sleep: async () => undefined,
          random: () => 0,
          onRetry: (failure, waitMs, attemptNumber) => heard.push(`${attemptNumber}: ${(failure as Error).message}, ${waitMs} ms`),
        },
      ).catch((e: unknown) => e);
      assert.equal((error as Error).message, "fail 5");
      assert.deepEqual(heard, ["1: fail 1, 1000 ms", "2: fail 2, 2000 ms", "3: fail 3, 4000 ms", "4: fail 4, 8000 ms"]);
    });

    it("keeps each use's back-off: store calls 200 then 800 ms; queue redelivery 2^n s up to a minute, unjittered", () => {
      const delays = (policy: typeof STORE_CALL_RETRY, retries: number[], random = () => 0) =>
        retries.map((retry) => backoffDelayMs(retry, {}, policy, random));
      assert.deepEqual(delays(STORE_CALL_RETRY, [0, 1]), [200, 800]);
      assert.deepEqual(
        delays(QUEUE_REDELIVERY_RETRY, [1, 2, 5, 6, 9], () => 0.9),
        [2000, 4000, 32_000, 60_000, 60_000],
      );
    });
  });
});
