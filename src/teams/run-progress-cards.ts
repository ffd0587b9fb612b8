import type { Activity } from "botbuilder";
import { buildProgressCard, progressViewFromRun, type DisplayNames } from "../cards";
import { describeError, systemClock, type Clock, type Log, type Reference, type RunState } from "../domain";
import type { RunLifecycle, RunLifecycleEvent } from "../workflow/run-lifecycle";
import { cardActivity, type Messenger } from "./messenger";
import { LatestOnlyQueue } from "./latest-only-queue";

/** Teams throttles edits of one message; one progress update per this interval is plenty to read. */
const PROGRESS_UPDATE_INTERVAL_MS = 700;

/** Keeps each run's progress card current, a taken-over run's too (the card's id travels with the run). */
export function followRunProgress(
  lifecycle: RunLifecycle,
  deps: { messenger: Messenger; names: DisplayNames; log: Log; clock?: Clock },
): () => void {
  const clock = deps.clock ?? systemClock;
  const cards = new Map<string, LatestOnlyQueue<RunState>>();
  return lifecycle.subscribe(async (event: RunLifecycleEvent) => {
    switch (event.type) {
      case "started": {
        const progressId = event.state.requester?.progressActivityId;
        if (!event.state.reference || !progressId) return;
        const runId = event.state.runId;
        const message = new ProgressMessage(deps.messenger, event.state.reference, progressId, deps.log);
        // A taken-over run's old card finishes its last update on its own; the new card does not wait.
        void cards.get(runId)?.close();
        cards.set(
          runId,
          new LatestOnlyQueue<RunState>(
            (state) => message.show(cardActivity(buildProgressCard(progressViewFromRun(state, deps.names, clock.now())))),
            (error) => deps.log(`run ${runId}: progress update failed: ${describeError(error)}`),
            PROGRESS_UPDATE_INTERVAL_MS,
          ),
        );
        return;
      }
      case "progress":
        cards.get(event.state.runId)?.push(event.state);
        return;
      case "finished": {
        const card = cards.get(event.state.runId);
        cards.delete(event.state.runId);
        await card?.close(event.state);
        return;
      }
      case "lease_lost": {
        const card = cards.get(event.runId);
        cards.delete(event.runId);
        await card?.close();
        return;
      }
      default:
        return;
    }
  });
}

// Updated in place; when an update fails (a message sent before a restart may no longer be editable) it is replaced, once, by a new
// message that later updates go to, so the requester never looks at a stale card.
class ProgressMessage {
  private replaced = false;

  constructor(
    private readonly messenger: Pick<Messenger, "send" | "update">,
    private readonly reference: Reference,
    private activityId: string,
    private readonly log: Log,
  ) {}

  async show(activity: Partial<Activity>): Promise<void> {
    try {
      await this.messenger.update(this.reference, this.activityId, activity);
    } catch (error) {
      if (this.replaced) throw error;
      this.replaced = true;
      this.log(`progress card ${this.activityId} could not be updated (${describeError(error)}); sending a new one`);
      this.activityId = (await this.messenger.send(this.reference, activity)) ?? this.activityId;
    }
  }
}
