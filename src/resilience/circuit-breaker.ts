/**
 * A circuit breaker for one endpoint and deployment, a sliding window as resilience4j's and Polly's advanced breaker: once `minimumRequests`
 * requests ended within `windowMs` and the failed share reaches `failureRate` it opens; after `openMs` it admits one probe at a time, which
 * closes it or opens it again. A request counts once, however many attempts it made.
 */
export interface CircuitSettings {
  failureRate: number;
  /** One failure alone never opens the breaker. */
  minimumRequests: number;
  windowMs: number;
  openMs: number;
}

export type CircuitState = "closed" | "open" | "half-open";

/** A breaker's state with what explains it, for /healthz and the start banner. */
export interface CircuitSnapshot {
  state: CircuitState;
  requests: number;
  failures: number;
  /** The last fault's short cause, while not closed. */
  lastFailure?: string;
  /** Epoch ms of the moment it opened, while not closed. */
  openedAt?: number;
}

export class CircuitBreaker {
  private state: CircuitState = "closed";
  private outcomes: { at: number; failed: boolean }[] = [];
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

  /** A request succeeded (whatever the answer said); returns true when this closed a breaker that was not closed. */
  succeeded(): boolean {
    if (this.state !== "closed") {
      this.state = "closed";
      this.outcomes = [];
      this.probeInFlight = false;
      this.lastFailure = undefined;
      return true;
    }
    this.record(false);
    return false;
  }

  /** A request failed; returns true when this opened a closed breaker (a failed probe only re-opens it). */
  failed(cause: string): boolean {
    this.lastFailure = cause;
    this.probeInFlight = false;
    if (this.state !== "closed") {
      this.open();
      return false;
    }
    this.record(true);
    const failures = this.outcomes.filter((outcome) => outcome.failed).length;
    if (this.outcomes.length < this.settings.minimumRequests || failures / this.outcomes.length < this.settings.failureRate) return false;
    this.open();
    return true;
  }

  /** The call ended without telling anything about the endpoint (the caller cancelled): frees a probe slot. */
  released(): void {
    this.probeInFlight = false;
  }

  /** Where it is now (an open breaker whose wait has passed reads as half-open). */
  snapshot(): CircuitSnapshot {
    this.forgetOld();
    const state = this.state === "open" && this.now() - this.openedAt >= this.settings.openMs ? "half-open" : this.state;
    const counts = { requests: this.outcomes.length, failures: this.outcomes.filter((outcome) => outcome.failed).length };
    return state === "closed" ? { state, ...counts } : { state, ...counts, lastFailure: this.lastFailure, openedAt: this.openedAt };
  }

  private open(): void {
    this.state = "open";
    this.openedAt = this.now();
  }

  private record(failed: boolean): void {
    this.forgetOld();
    this.outcomes.push({ at: this.now(), failed });
  }

  private forgetOld(): void {
    const since = this.now() - this.settings.windowMs;
    while (this.outcomes.length > 0 && this.outcomes[0].at <= since) this.outcomes.shift();
  }
}
