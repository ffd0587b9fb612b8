import type { RunState, WorkflowEvent } from "../domain";
import type { EventSink, RunStore } from "../workflow/ports";

/** Receives a run's progress: its latest checkpoint with every event seen so far. */
export type RunListener = (state: RunState) => void;

interface Watch {
  listener: RunListener;
  snapshot?: RunState;
  events: WorkflowEvent[];
}

/**
 * Lets the Teams layer follow runs in flight. Workflow events arrive through `sink` (and are
 * forwarded, e.g. to telemetry); checkpoints through the store returned by `observe`. A watcher
 * gets the latest checkpoint with the events received since the process started appended: the
 * newest event per executor is then last, which is all a progress view reads.
 */
export class RunWatch {
  private readonly watches = new Map<string, Watch>();

  constructor(private readonly forward: EventSink) {}

  /** The EventSink to give the workflow. */
  readonly sink: EventSink = {
    emit: (event) => {
      this.forward.emit(event);
      const watch = this.watches.get(event.runId);
      if (!watch) return;
      watch.events.push(event);
      this.notify(watch);
    },
  };

  /** Wraps the run store so checkpoints also reach watchers (before they are written). */
  observe(store: RunStore): RunStore {
    return {
      checkpoint: (state) => {
        const watch = this.watches.get(state.runId);
        if (watch) {
          watch.snapshot = state;
          this.notify(watch);
        }
        return store.checkpoint(state);
      },
      load: (runId) => store.load(runId),
      listInFlight: () => store.listInFlight(),
    };
  }

  /** Follows one run until the returned function is called. */
  watch(runId: string, listener: RunListener): () => void {
    const watch: Watch = { listener, events: [] };
    this.watches.set(runId, watch);
    return () => {
      if (this.watches.get(runId) === watch) this.watches.delete(runId);
    };
  }

  private notify(watch: Watch): void {
    if (!watch.snapshot) return;
    try {
      watch.listener({ ...watch.snapshot, events: [...watch.snapshot.events, ...watch.events] });
    } catch {
      // A progress listener must never break a run.
    }
  }
}
