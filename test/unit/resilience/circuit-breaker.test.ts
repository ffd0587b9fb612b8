import assert from "node:assert/strict";
import { CircuitBreaker } from "../../../src/resilience";

describe("circuit breaker", () => {
  let now: number;
  const breaker = () => new CircuitBreaker({ failureThreshold: 2, openMs: 1000 }, () => now);
  beforeEach(() => (now = 0));

  it("opens after the configured consecutive faults, and a success in between resets the count", () => {
    const b = breaker();
    assert.equal(b.failed("HTTP 503"), false);
    b.succeeded();
    assert.equal(b.failed("HTTP 503"), false);
    assert.equal(b.failed("HTTP 502"), true);
    assert.equal(b.admit(), false);
    assert.deepEqual(b.snapshot(), { state: "open", consecutiveFailures: 2, lastFailure: "HTTP 502", openedAt: 0 });
  });

  it("admits exactly one probe once the open time has passed; the probe's result decides", () => {
    const b = breaker();
    b.failed("x");
    b.failed("x");
    now = 999;
    assert.equal(b.available(), false);
    now = 1000;
    assert.equal(b.snapshot().state, "half-open");
    assert.equal(b.admit(), true, "the probe");
    assert.equal(b.admit(), false, "no second call while the probe is out");
    assert.equal(b.failed("still down"), false, "a failed probe re-opens it (not a new opening)");
    assert.equal(b.snapshot().state, "open");
    now = 1500;
    assert.equal(b.admit(), false, "for another full open time");
    now = 2000;
    assert.equal(b.admit(), true);
    b.succeeded();
    assert.equal(b.snapshot().state, "closed");
    assert.equal(b.admit(), true);
    assert.equal(b.admit(), true);
  });

  it("frees the probe slot when the probe was cancelled", () => {
    const b = breaker();
    b.failed("x");
    b.failed("x");
    now = 1000;
    assert.equal(b.admit(), true);
    b.released();
    assert.equal(b.admit(), true);
  });
});
