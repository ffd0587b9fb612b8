import { LeaseLostError, type RunCard, type RunLifecycleRecord, type RunStage, type RunState, type WorkflowEvent } from "../domain";
import type { ConditionalWrite, RunStore } from "./ports";

/**
 * The run lifecycle, in one place: the stages a run goes through, the only transitions allowed,
 * the owner-fenced writes a worker makes, the once-per-run card sends, and the events other parts
 * (progress cards, telemetry, operator notices) subscribe to.
 *
 *   queued → running → awaiting_approval → delivered | failed
 *                    ↘ delivered | failed
 *   any non-final stage → poisoned (after too many deliveries)
 */
const TRANSITIONS: Record<RunStage, readonly RunStage[]> = {
  queued: ["running", "poisoned"],
  // running → running: another worker took the run over.
  running: ["running", "awaiting_approval", "delivered", "failed", "poisoned"],
  awaiting_approval: ["delivered", "failed", "poisoned"],
  delivered: [],
  failed: [],
  poisoned: [],
};

/** True when a run in `stage` needs no more work from a queue message. */
export function isSettled(stage: RunStage): boolean {
  return TRANSITIONS[stage].length === 0 || stage === "awaiting_approval";
}

/** Throws on a transition the lifecycle does not allow (a bug, never a user error). */
export function assertStageTransition(from: RunStage, to: RunStage): void {
  if (!TRANSITIONS[from].includes(to)) throw new Error(`run lifecycle: ${from} → ${to} is not a transition`);
}

/** A run's stage; runs stored before the lifecycle existed are read from their workflow status. */
export function stageOf(state: RunState): RunStage {
  if (state.lifecycle) return state.lifecycle.stage;
  return state.status === "completed" ||
    state.status === "out_of_scope" ||
    state.status === "needs_clarification" ||
    state.status === "blocked"
    ? "delivered"
    : state.status;
}

/** The stage a finished workflow result leads to (before its card is sent). */
export function stageAfterRun(state: RunState): RunStage {
  switch (state.status) {
    case "completed":
    case "out_of_scope":
    case "needs_clarification":
    case "blocked":
      return "delivered";
    case "awaiting_approval":
      return "awaiting_approval";
    case "failed":
    case "running":
      return "failed";
  }
}

/**
 * The card that tells the requester how the workflow ended. A run that went to an approver shows
 * only the approval request from here: its answer or rejection is the approvals flow's to deliver,
 * even when a redelivered message finds the run already settled by an approver's decision.
 */
export function cardFor(state: RunState): RunCard {
  if (state.hitlReasons.length > 0) return "approval_request";
  switch (state.status) {
    case "completed":
      return "answer";
    case "out_of_scope":
      return "out_of_scope";
    case "blocked":
      return "blocked";
    case "needs_clarification":
      return "clarification";
    case "awaiting_approval":
      return "approval_request";
    case "failed":
    case "running":
      return "error";
  }
}

// ---------------------------------------------------------------- events

/** What the lifecycle announces. `reference` is the requester's conversation, opaque here. */
export type RunLifecycleEvent =
  | { type: "started"; state: RunState; owner: string; takeover: boolean; reference?: Reference }
  | { type: "progress"; state: RunState }
  | { type: "finished"; state: RunState }
  | { type: "settled"; state: RunState; stage: RunStage }
  | { type: "lease_lost"; runId: string; owner: string }
  | { type: "poisoned"; runId: string; correlationId: string; deliveryCount: number; reason: string; state?: RunState };

/** The requester's conversation (a Bot Framework reference in the Teams layer). */
export type Reference = Record<string, unknown>;

/** A subscriber; `finished` subscribers are awaited before the run's card is sent. Must not throw. */
export type RunLifecycleListener = (event: RunLifecycleEvent) => void | Promise<void>;

/** The lifecycle's event hub: subscribe to follow runs (progress cards, operator notices, telemetry). */
export class RunLifecycle {
  private readonly listeners = new Set<RunLifecycleListener>();

  constructor(private readonly log: (line: string) => void = () => undefined) {}

  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: RunLifecycleListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every listener, and resolves once each has handled it; a failing listener is logged, never thrown. */
  async publish(event: RunLifecycleEvent): Promise<void> {
    if (event.type === "poisoned")
      this.log(
        `run ${event.runId}: poisoned after ${event.deliveryCount} deliveries (${event.reason}); correlation id ${event.correlationId}`,
      );
    if (event.type === "lease_lost") this.log(`run ${event.runId}: ${event.owner} lost its lease; it stops`);
    await Promise.all(
      [...this.listeners].map(async (listener) => {
        try {
          await listener(event);
        } catch (error) {
          this.log(`run lifecycle listener failed on ${event.type}: ${String(error)}`);
        }
      }),
    );
  }
}

// ---------------------------------------------------------------- an owned run

/**
 * A run held by one worker. Every write names the version this worker last wrote, so once another
 * worker has taken the run over, the next write fails with LeaseLostError and this one stops.
 */
export class OwnedRun {
  private lost = false;
  /** The card send in progress, if any. */
  private sending: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly store: RunStore,
    readonly owner: string,
    private current: RunState,
    private etag: string,
    /** True when a previous owner had started the run (its progress card is reused). */
    readonly takeover: boolean,
  ) {}

  /**
   * Takes ownership of the stored run (creating it from `initial` when it is not stored yet) with
   * a conditional write. Resolves undefined when the run needs no work (already settled).
   */
  static async claim(store: RunStore, runId: string, owner: string, initial: () => RunState): Promise<OwnedRun | undefined> {
    for (;;) {
      let stored = await store.read(runId);
      if (!stored) {
        const fresh = withLifecycle(initial(), { stage: "queued", owners: 0, sent: {} });
        const created = await store.write(fresh, undefined);
        if (created.kind === "conflict") continue;
        stored = { value: fresh, etag: created.etag };
      }
      const stage = stageOf(stored.value);
      if (isSettled(stage)) return undefined;
      const lifecycle = stored.value.lifecycle ?? { stage, owners: 0, sent: {} };
      assertStageTransition(stage, "running");
      const claimed = withLifecycle(stored.value, {
        ...lifecycle,
        stage: "running",
        owner,
        claimedAt: new Date().toISOString(),
        ...(lifecycle.owner ? { takenOverFrom: lifecycle.owner } : {}),
        owners: lifecycle.owners + 1,
      });
      const written = await store.write(claimed, stored.etag);
      if (written.kind === "conflict") continue;
      return new OwnedRun(store, owner, claimed, written.etag, lifecycle.owners > 0);
    }
  }

  /** Reads a run for work that needs no ownership change (an approval decision on a waiting run). */
  static async hold(store: RunStore, runId: string, owner: string): Promise<OwnedRun | undefined> {
    const stored = await store.read(runId);
    return stored && new OwnedRun(store, owner, stored.value, stored.etag, false);
  }

  /** The latest state this worker wrote. */
  get state(): RunState {
    return this.current;
  }

  get stage(): RunStage {
    return stageOf(this.current);
  }

  /** False once another worker wrote the run: nothing more may be written or sent. */
  get owned(): boolean {
    return !this.lost;
  }

  /** Marks the run as no longer ours (the lease could not be renewed). */
  release(): void {
    this.lost = true;
  }

  /** Writes `state` (keeping the lifecycle record) if nobody else wrote since; otherwise throws LeaseLostError. */
  async save(state: RunState): Promise<void> {
    await this.write({ ...state, lifecycle: this.current.lifecycle });
  }

  /** The run store the workflow checkpoints through while this worker owns the run. */
  fencedStore(): RunStore {
    return {
      checkpoint: (state) => this.save(state),
      load: (runId) => this.store.load(runId),
      read: (runId) => this.store.read(runId),
      write: (state, etag) => this.store.write(state, etag),
    };
  }

  /** Moves the run to `stage` (checked against the transitions) with `state` as its content. */
  async moveTo(stage: RunStage, state: RunState = this.current): Promise<void> {
    assertStageTransition(this.stage, stage);
    const lifecycle = this.current.lifecycle ?? { stage, owners: 1, sent: {} };
    await this.write({ ...state, lifecycle: { ...lifecycle, stage } });
  }

  /**
   * Sends one of the run's cards at most once: skipped when a send was already recorded; otherwise
   * claimed with a conditional write first (a worker that lost the run stops here), sent, and its
   * activity id recorded. A claim without an activity id means its sender died mid-send: the card
   * is sent again, since a lost answer is worse than the rare duplicate in that instant.
   */
  async sendOnce(card: RunCard, send: () => Promise<string | undefined>): Promise<"sent" | "already_sent"> {
    const lifecycle = this.current.lifecycle!;
    if (lifecycle.sent[card]?.activityId) return "already_sent";
    const sending = this.claimAndSend(card, send);
    this.sending = sending;
    return sending;
  }

  /** Resolves once a card send in progress has finished and its activity id is recorded (or it failed). */
  async idle(): Promise<void> {
    await this.sending.catch(() => undefined);
  }

  private async claimAndSend(card: RunCard, send: () => Promise<string | undefined>): Promise<"sent"> {
    const lifecycle = this.current.lifecycle!;
    const claimedAt = new Date().toISOString();
    await this.write({
      ...this.current,
      lifecycle: { ...lifecycle, sent: { ...lifecycle.sent, [card]: { claimedBy: this.owner, claimedAt } } },
    });
    const activityId = (await send()) ?? "sent";
    const after = this.current.lifecycle!;
    // Recorded even when the run was let go meanwhile (a graceful stop): the card went out, and the next
    // owner must find it. The etag still fences it: after a takeover the record fails.
    await this.write(
      { ...this.current, lifecycle: { ...after, sent: { ...after.sent, [card]: { claimedBy: this.owner, claimedAt, activityId } } } },
      { evenIfReleased: true },
    );
    return "sent";
  }

  private async write(state: RunState, options: { evenIfReleased?: boolean } = {}): Promise<void> {
    if (!this.owned && !options.evenIfReleased) throw new LeaseLostError(state.runId, this.owner);
    const written: ConditionalWrite = await this.store.write(state, this.etag);
    if (written.kind === "conflict") {
      this.lost = true;
      throw new LeaseLostError(state.runId, this.owner);
    }
    this.current = state;
    this.etag = written.etag;
  }
}

/** What settling a run that waited for an approver did: `changed` is false when it was settled already. */
export interface SettledApprovalRun {
  state: RunState;
  changed: boolean;
}

/**
 * Settles a run that waited for an approver's decision: `decide` gives its final workflow state,
 * and the same conditional write moves its stage on from awaiting_approval (delivered or failed; the
 * approval record then owns sending the requester's card once). Another writer in between means the
 * run is read again and decided afresh. A run no longer awaiting approval — settled by an earlier
 * attempt, or ended otherwise (poisoned) — is returned as stored.
 */
export async function settleApprovedRun(
  store: RunStore,
  runId: string,
  decide: (run: RunState) => RunState,
): Promise<SettledApprovalRun | undefined> {
  for (;;) {
    const stored = await store.read(runId);
    if (!stored) return undefined;
    const from = stageOf(stored.value);
    if (stored.value.status !== "awaiting_approval" || (from !== "awaiting_approval" && from !== "running"))
      return { state: stored.value, changed: false };
    const decided = decide(stored.value);
    const stage = stageAfterRun(decided);
    assertStageTransition(from, stage);
    const lifecycle = stored.value.lifecycle ?? { stage, owners: 0, sent: {} };
    const state = withLifecycle(decided, { ...lifecycle, stage });
    const written = await store.write(state, stored.etag);
    if (written.kind === "written") return { state, changed: true };
  }
}

function withLifecycle(state: RunState, lifecycle: RunLifecycleRecord): RunState {
  return { ...state, lifecycle };
}

// ---------------------------------------------------------------- progress between checkpoints

/**
 * Follows one run for its progress view: the latest checkpoint with the workflow events seen since
 * appended (the newest event per executor is then last, which is all a progress view reads).
 */
export class RunProgressFeed {
  private snapshot: RunState | undefined;
  private events: WorkflowEvent[] = [];

  constructor(private readonly publish: (state: RunState) => void) {}

  /** A checkpoint was written. */
  checkpointed(state: RunState): void {
    // Events are kept: some may have been emitted after this snapshot was taken but before it was written.
    this.snapshot = state;
    this.notify();
  }

  /** A workflow event happened. */
  event(event: WorkflowEvent): void {
    this.events.push(event);
    this.notify();
  }

  private notify(): void {
    if (!this.snapshot) return;
    this.publish({ ...this.snapshot, events: [...this.snapshot.events, ...this.events] });
  }
}
