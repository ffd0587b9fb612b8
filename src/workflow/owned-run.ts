import { LeaseLostError, SystemError, systemClock, type Clock, type RunCard, type RunRecord, type RunState } from "../domain";
import type { ConditionalWrite, RunStore } from "./ports";
import { isFinal, isSettled, wasSent } from "./run-status";
import { updateVersioned } from "./versioned-update";

/** How many lost races a claim may run into before it gives the message back for a later try. */
const MAX_CLAIM_ATTEMPTS = 5;

/**
 * A run held by one worker. Every write names the version this worker last wrote, so once another
 * worker has taken the run over, the next write fails with LeaseLostError and this one stops.
 */
export class OwnedRun {
  private lost = false;
  private sending: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly store: RunStore,
    readonly owner: string,
    private current: RunRecord,
    private etag: string,
    /** True when a previous owner had started the run (its progress card is reused). */
    readonly takeover: boolean,
    private readonly clock: Clock,
  ) {}

  /** A question's run, created from `initial` when not stored yet; undefined when it needs no work (settled, or awaiting an approver). */
  static claim(
    store: RunStore,
    runId: string,
    owner: string,
    initial: () => RunState,
    clock: Clock = systemClock,
  ): Promise<OwnedRun | undefined> {
    return OwnedRun.take(store, runId, owner, clock, (record) => !isSettled(record), initial);
  }

  /** A run stopped at its approval node, or one a worker died resuming (left `running` there, or with its workflow ended). */
  static resume(store: RunStore, runId: string, owner: string, clock: Clock = systemClock): Promise<OwnedRun | undefined> {
    const working = ({ state }: RunRecord) => state.status === "queued" || state.status === "running";
    const resumable = (record: RunRecord) => !isFinal(record) && (record.state.phase === "approve" || !working(record));
    return OwnedRun.take(store, runId, owner, clock, resumable);
  }

  /** A run that keeps changing under MAX_CLAIM_ATTEMPTS claims throws: the consumer tries the message again after a back-off. */
  private static async take(
    store: RunStore,
    runId: string,
    owner: string,
    clock: Clock,
    claimable: (record: RunRecord) => boolean,
    initial?: () => RunState,
  ): Promise<OwnedRun | undefined> {
    let takeover = false;
    const claim = await updateVersioned<RunRecord>(
      { read: () => store.read(runId), write: (record, etag) => store.write(record, etag) },
      (stored) => {
        const record = stored ?? (initial && queuedRecord(initial()));
        if (!record) return undefined;
        const { lifecycle, state } = record;
        if (!claimable(record)) return undefined;
        takeover = lifecycle.owners > 0;
        return {
          state: state.status === "queued" ? { ...state, status: "running" } : state,
          lifecycle: {
            ...lifecycle,
            owner,
            claimedAt: clock.now().toISOString(),
            ...(lifecycle.owner ? { takenOverFrom: lifecycle.owner } : {}),
            owners: lifecycle.owners + 1,
          },
        };
      },
      {
        attempts: MAX_CLAIM_ATTEMPTS,
        gaveUp: () => new SystemError(`run ${runId} kept changing under ${MAX_CLAIM_ATTEMPTS} claims`, { runId, step: "lease" }),
      },
    );
    return claim?.written ? new OwnedRun(store, owner, claim.current.value, claim.current.etag, takeover, clock) : undefined;
  }

  /** Holds a run without claiming it (a message given up after too many deliveries, whatever its status). */
  static async hold(store: RunStore, runId: string, owner: string, clock: Clock = systemClock): Promise<OwnedRun | undefined> {
    const stored = await store.read(runId);
    return stored && new OwnedRun(store, owner, stored.value, stored.etag, false, clock);
  }

  get state(): RunState {
    return this.current.state;
  }

  get record(): RunRecord {
    return this.current;
  }

  get owned(): boolean {
    return !this.lost;
  }

  /** The lease could not be renewed. */
  release(): void {
    this.lost = true;
  }

  /** Throws LeaseLostError when someone else wrote since. */
  async save(state: RunState): Promise<void> {
    await this.write({ lifecycle: this.current.lifecycle, state });
  }

  /** The run store with every checkpoint fenced by this ownership; `checkpointed` hears of each one written. */
  fencedStore(checkpointed: (state: RunState) => void): RunStore {
    return {
      checkpoint: async (state) => {
        await this.save(state);
        checkpointed(state);
      },
      load: (runId) => this.store.load(runId),
      read: (runId) => this.store.read(runId),
      write: (record, etag) => this.store.write(record, etag),
    };
  }

  /**
   * Sends one of the run's cards at most once (`wasSent` says when it went): otherwise claimed with a
   * conditional write first (a worker that lost the run stops here), sent, and its activity id recorded.
   */
  async sendOnce(card: RunCard, send: () => Promise<string | undefined>): Promise<"sent" | "already_sent"> {
    if (wasSent(this.current.lifecycle, card)) return "already_sent";
    const sending = this.claimAndSend(card, send);
    this.sending = sending;
    return sending;
  }

  async idle(): Promise<void> {
    await this.sending.catch(() => undefined);
  }

  private async claimAndSend(card: RunCard, send: () => Promise<string | undefined>): Promise<"sent"> {
    const { lifecycle } = this.current;
    const claimedAt = this.clock.now().toISOString();
    await this.write({
      ...this.current,
      lifecycle: { ...lifecycle, sent: { ...lifecycle.sent, [card]: { claimedBy: this.owner, claimedAt } } },
    });
    const activityId = (await send()) ?? "sent";
    const after = this.current.lifecycle;
    // Recorded even when the run was let go meanwhile (a graceful stop): the card went out, and the next
    // owner must find it. The etag still fences it: after a takeover the record fails.
    await this.write(
      { ...this.current, lifecycle: { ...after, sent: { ...after.sent, [card]: { claimedBy: this.owner, claimedAt, activityId } } } },
      { evenIfReleased: true },
    );
    return "sent";
  }

  private async write(record: RunRecord, options: { evenIfReleased?: boolean } = {}): Promise<void> {
    const { runId } = record.state;
    if (!this.owned && !options.evenIfReleased) throw new LeaseLostError(runId, this.owner);
    const written: ConditionalWrite = await this.store.write(record, this.etag);
    if (written.kind === "conflict") {
      this.lost = true;
      throw new LeaseLostError(runId, this.owner);
    }
    this.current = record;
    this.etag = written.etag;
  }
}

/** A question's run as first stored: queued, never owned, nothing sent. */
export function queuedRecord(state: RunState): RunRecord {
  return { lifecycle: { owners: 0, sent: {} }, state: { ...state, status: "queued" } };
}
