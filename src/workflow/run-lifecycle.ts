import type { RunState, Log } from "../domain";

export type RunLifecycleEvent =
  | { type: "started"; state: RunState; owner: string; takeover: boolean }
  | { type: "progress"; state: RunState }
  | { type: "finished"; state: RunState }
  /** An approver's decision (or the approval's expiry) ended a run that waited for it; its card is sent next. */
  | { type: "decided"; state: RunState; approvalId: string }
  | { type: "settled"; state: RunState }
  | { type: "lease_lost"; runId: string; owner: string }
  | { type: "poisoned"; runId: string; correlationId: string; deliveryCount: number; reason: string; state?: RunState };

/** A subscriber; `finished` and `decided` subscribers are awaited before the run's card is sent. Must not throw. */
type RunLifecycleListener = (event: RunLifecycleEvent) => void | Promise<void>;

/** A worker announces what happens to each run it holds; progress cards, streams, transcripts, telemetry and notices subscribe. */
export class RunLifecycle {
  private readonly listeners = new Set<RunLifecycleListener>();

  constructor(private readonly log: Log = () => undefined) {}

  subscribe(listener: RunLifecycleListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once each listener has handled it; a failing listener is logged, never thrown. */
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
