import assert from "node:assert/strict";
import { CircuitBreaker } from "../../../src/resilience";

describe("circuit breaker", () => {
  let now: number;
  // Two requests are enough to judge here, so the probe tests stay short.
  const breaker = () => new CircuitBreaker({ failureRate: 0.5, minimumRequests: 2, windowMs: 10_000, openMs: 1000 }, () => now);
  beforeEach(() => (now = 0));

  it("opens on the failure rate once the window holds the minimum number of requests, not on one failure", () => {
    const b = new CircuitBreaker({ failureRate: 0.5, minimumRequests: 4, windowMs: 10_000, openMs: 1000 }, () => now);
    assert.equal(b.failed("HTTP 503"), false, "one failure alone never opens it");
    b.succeeded();
    b.succeeded();
    assert.deepEqual(b.snapshot(), { state: "closed", requests: 3, failures: 1 });
    assert.equal(b.failed("HTTP 502"), true, "2 of 4 requests failed: 50 %");
    assert.equal(b.admit(), false);
    assert.deepEqual(b.snapshot(), { state: "open", requests: 4, failures: 2, lastFailure: "HTTP 502", openedAt: 0 });
  });

  it("forgets requests older than the window", () => {
    const b = new CircuitBreaker({ failureRate: 0.5, minimumRequests: 2, windowMs: 1000, openMs: 1000 }, () => now);
    b.failed("x");
    now = 1500;
    assert.equal(b.failed("x"), false, "the first failure left the window: one request is below the minimum");
    assert.deepEqual(b.snapshot(), { state: "closed", requests: 1, failures: 1 });
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
