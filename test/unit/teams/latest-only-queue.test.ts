import assert from "node:assert/strict";
import { LatestOnlyQueue } from "../../../src/teams/latest-only-queue";

/** A send that records values and finishes only when released. */
function gatedSend() {
  const sent: number[] = [];
  const gates: (() => void)[] = [];
  let active = 0;
  let maxActive = 0;
  const send = async (value: number) => {
    active++;
    maxActive = Math.max(maxActive, active);
    await new Promise<void>((resolve) => gates.push(resolve));
    sent.push(value);
    active--;
  };
  const releaseNext = async () => {
    while (gates.length === 0) await new Promise((resolve) => setImmediate(resolve));
    gates.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { sent, send, releaseNext, maxActive: () => maxActive };
}

describe("teams/latest-only-queue", () => {
  it("sends one at a time and skips values replaced while waiting", async () => {
    const gate = gatedSend();
    const queue = new LatestOnlyQueue(gate.send, (error) => assert.fail(String(error)));
    queue.push(1);
    queue.push(2);
    queue.push(3);
    await gate.releaseNext(); // 1 sent; 3 (the newest waiting) goes out next, 2 never
    queue.push(4);
    queue.push(5);
    await gate.releaseNext(); // 3 sent; 5 goes out, 4 never
    await gate.releaseNext();
    await queue.close();
    assert.deepEqual(gate.sent, [1, 3, 5]);
    assert.equal(gate.maxActive(), 1);
  });

  it("close(last) sends the last value at once, without waiting out the interval", async () => {
    const sent: string[] = [];
    const queue = new LatestOnlyQueue(
      async (value: string) => void sent.push(value),
      (error) => assert.fail(String(error)),
      60_000,
    );
    queue.push("first");
    queue.push("second");
    const started = Date.now();
    await queue.close("final");
    assert.ok(Date.now() - started < 1000);
    assert.deepEqual(sent, ["first", "final"]);
    queue.push("ignored");
    assert.deepEqual(sent, ["first", "final"]);
  });

  it("reports a failed send and carries on with the next value", async () => {
    const errors: unknown[] = [];
    const sent: number[] = [];
    const queue = new LatestOnlyQueue(
      async (value: number) => {
        if (value === 1) throw new Error("429 from Teams");
        sent.push(value);
      },
      (error) => errors.push(error),
    );
    queue.push(1);
    await queue.close(2);
    assert.deepEqual(sent, [2]);
    assert.match(String(errors[0]), /429 from Teams/);
  });
});
