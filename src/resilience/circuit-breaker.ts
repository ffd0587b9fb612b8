/**
 * A circuit breaker for one endpoint. Closed, it admits every call; after `failureThreshold`
 * consecutive endpoint faults it opens and admits none; once `openMs` has passed it is half-open and
 * admits one probe at a time: a successful probe closes it, a failed one opens it again.
 */

/** Breaker knobs (AppConfig.failover). */
export interface CircuitSettings {
  /** Consecutive faults (connection errors, timeouts, 5xx, 429 beyond the Retry-After budget) that open it. */
  failureThreshold: number;
  /** How long it stays open before a probe may try the endpoint again. */
  openMs: number;
}

/** Where a breaker is. */
export type CircuitState = "closed" | "open" | "half-open";

/** A breaker's state with what explains it, for /healthz and the start banner. */
export interface CircuitSnapshot {
  state: CircuitState;
  consecutiveFailures: number;
  /** The last fault's short cause, while not closed. */
  lastFailure?: string;
  /** Epoch ms of the moment it opened, while not closed. */
  openedAt?: number;
}

/** One endpoint's breaker; `now` is injectable so tests never wait. */
export class CircuitBreaker {
  private state: CircuitState = "closed";
  private failures = 0;
  private openedAt = 0;
  private probeInFlight = false;
  private lastFailure?: string;

  constructor(
    private readonly settings: CircuitSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when a call may go to the endpoint now; in half-open, claims the one probe slot. */
  admit(): boolean {
    if (!this.available()) return false;
    if (this.state === "open") this.state = "half-open";
    if (this.state === "half-open") this.probeInFlight = true;
    return true;
  }

  /** Whether `admit()` would let a call through now (claims nothing). */
  available(): boolean {
    if (this.state === "closed") return true;
    if (this.state === "open") return this.now() - this.openedAt >= this.settings.openMs;
    return !this.probeInFlight;
  }

  /** The endpoint answered (whatever the answer): it is healthy again. */
  succeeded(): void {
    this.state = "closed";
    this.failures = 0;
    this.probeInFlight = false;
    this.lastFailure = undefined;
  }

  /** The endpoint faulted; returns true when this fault opened a closed breaker (a failed probe only re-opens it). */
  failed(cause: string): boolean {
    this.failures += 1;
    this.lastFailure = cause;
    this.probeInFlight = false;
    const opens = this.state === "closed" && this.failures >= this.settings.failureThreshold;
    if (opens || this.state === "half-open") {
      this.state = "open";
      this.openedAt = this.now();
    }
    return opens;
  }

  /** The call ended without telling anything about the endpoint (the caller cancelled): frees a probe slot. */
  released(): void {
    this.probeInFlight = false;
  }

  /** Where it is now (an open breaker whose wait has passed reads as half-open). */
  snapshot(): CircuitSnapshot {
    const state = this.state === "open" && this.now() - this.openedAt >= this.settings.openMs ? "half-open" : this.state;
    return state === "closed"
      ? { state, consecutiveFailures: this.failures }
      : { state, consecutiveFailures: this.failures, lastFailure: this.lastFailure, openedAt: this.openedAt };
  }
}
