import assert from "node:assert/strict";
import { sendWithRetry } from "../../../src/approvals/send-with-retry";

describe("sendWithRetry", () => {
  it("retries until it succeeds, backing off between tries", async () => {
    const at: number[] = [];
    const result = await sendWithRetry(
      async (attempt) => {
        at.push(performance.now());
        if (attempt < 3) throw new Error(`fail ${attempt}`);
        return "sent";
      },
      { maxRetries: 4, initialMs: 20, multiplier: 2, maxMs: 1000, jitter: 0 },
    );
    assert.equal(result, "sent");
    assert.equal(at.length, 3);
    assert.ok(at[1] - at[0] >= 18 && at[2] - at[1] >= 38, `waits grow: ${at.map((t) => Math.round(t - at[0])).join(", ")}`);
  });

  it("gives up after the last attempt with the last error", async () => {
    let calls = 0;
    await assert.rejects(
      sendWithRetry(
        async (attempt) => {
          calls++;
          throw new Error(`fail ${attempt}`);
        },
        { maxRetries: 2, initialMs: 1, multiplier: 1, maxMs: 1 },
      ),
      /fail 3/,
    );
    assert.equal(calls, 3);
  });
});
