import { systemClock, type Clock } from "../domain";
import type { RunLifecycle } from "../workflow/run-lifecycle";

/** The per-person limits at intake (USER_MAX_IN_FLIGHT, USER_MAX_PER_MINUTE). */
interface UserLimits {
  maxInFlight: number;
  maxPerMinute: number;
}

/**
 * A question this instance accepted counts as in flight until its run settles here, or at most this
 * long: it may run, and settle, on another instance.
 */
const IN_FLIGHT_MS = 10 * 60_000;

/** Whether a person's question may be queued, or which limit it would pass and by how much. */
type Admission = { ok: true } | { ok: false; limit: "in_flight"; waiting: number } | { ok: false; limit: "per_minute"; max: number };

const MINUTE_MS = 60_000;

/**
 * Fair share at intake, per instance: a person may have `maxInFlight` questions accepted and not yet
 * settled, and ask `maxPerMinute` questions in any minute; past either, the question is refused
 * politely and nothing is queued. Held in memory: each instance bounds what it accepts (Teams spreads
 * one person's turns over instances, so N instances accept at most N times the limits), and the
 * worker's per-person share bounds what a backlog can take from others whatever the intake let in.
 */
export class UserAdmission {
  private readonly asked = new Map<string, number[]>();
  /** Each accepted run not yet settled: whose it is and when it was accepted. */
  private readonly inFlight = new Map<string, { user: string; at: number }>();

  constructor(
    private readonly limits: UserLimits,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Admits `runId` for `user` (counted from now), or says which limit refuses it. */
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

  /** The run no longer counts as in flight: it settled (answered, failed, or waiting for an approver) or was never queued. */
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
