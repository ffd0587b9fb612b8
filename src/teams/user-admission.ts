import { systemClock, type Clock } from "../domain";
import type { RunLifecycle } from "../workflow/run-lifecycle";

interface UserLimits {
  maxInFlight: number;
  maxPerMinute: number;
}

/** An accepted question counts as in flight until it settles here, or this long: it may settle on another instance. */
const IN_FLIGHT_MS = 10 * 60_000;

type Admission = { ok: true } | { ok: false; limit: "in_flight"; waiting: number } | { ok: false; limit: "per_minute"; max: number };

const MINUTE_MS = 60_000;

// Fair share at intake, per instance, in memory: past USER_MAX_IN_FLIGHT unsettled or USER_MAX_PER_MINUTE questions a person is
// refused politely and nothing is queued. N instances accept at most N times the limits (Teams spreads one person's turns over
// them); the worker's per-person share bounds what a backlog takes from others.
export class UserAdmission {
  private readonly asked = new Map<string, number[]>();
  private readonly inFlight = new Map<string, { user: string; at: number }>();

  constructor(
    private readonly limits: UserLimits,
    private readonly clock: Clock = systemClock,
  ) {}

  admit(user: string, runId: string): Admission {
    const now = this.clock.now().getTime();
    for (const [id, run] of this.inFlight) if (now - run.at >= IN_FLIGHT_MS) this.inFlight.delete(id);
    const asked = (this.asked.get(user) ?? []).filter((at) => now - at < MINUTE_MS);
    const waiting = [...this.inFlight.values()].filter((run) => run.user === user).length;
    if (waiting >= this.limits.maxInFlight) return { ok: false, limit: "in_flight", waiting };
    if (asked.length >= this.limits.maxPerMinute) return { ok: false, limit: "per_minute", max: this.limits.maxPerMinute };
    this.asked.set(user, [...asked, now]);
    this.inFlight.set(runId, { user, at: now });
    return { ok: true };
  }

  settle(runId: string): void {
    this.inFlight.delete(runId);
  }
}

/** Settles each run this instance's worker settles or sets aside, so its asker may ask again. */
export function settleAdmittedRuns(lifecycle: Pick<RunLifecycle, "subscribe">, admission: UserAdmission): () => void {
  return lifecycle.subscribe((event) => {
    if (event.type === "settled") admission.settle(event.state.runId);
    if (event.type === "poisoned") admission.settle(event.runId);
  });
}
