import type { Activity, Storage } from "botbuilder";
import { buildProgressCard, conclusionMarkdown, progressViewFromRun, type DisplayNames, type ProgressView } from "../cards";
import {
  describeError,
  StreamPositionSchema,
  stringsFor,
  systemClock,
  type Log,
  type Reference,
  type RunState,
  type StreamPosition,
} from "../domain";
import type { AnswerPreview } from "../workflow/ports";
import type { RunLifecycle, RunLifecycleEvent } from "../workflow/run-lifecycle";
import { LatestOnlyQueue } from "./latest-only-queue";
import { cardActivity, type Messenger } from "./messenger";
import { TEAMS_STREAM_LIMITS, TeamsStream } from "./teams-stream";

/** The open streams of the runs this process works on, by run id: the delivery ends them with the run's final message. */
export type RunStreams = Map<string, TeamsStream>;

/** Teams throttles edits of one message; one progress update per this interval is plenty to read. */
const PROGRESS_UPDATE_INTERVAL_MS = 700;

// What a requester sees while the run works, kept current from the run lifecycle: in a group chat or channel the progress card
// (the card's id travels with the run, so a taken-over run's too), in a personal chat the stream (after a takeover from its saved
// position; without one a takeover only closes it). The delivery ends the stream.
export function followRunProgress(
  lifecycle: RunLifecycle,
  streams: RunStreams,
  deps: { messenger: Messenger; positions: StreamPositions; names: DisplayNames; log: Log },
): () => void {
  const now = () => systemClock.now();
  const cards = new Map<string, LatestOnlyQueue<RunState>>();
  // Finished: with the run's last state; lease lost: with what was sent, as another instance now shows the run.
  const closeCard = async (runId: string, last?: RunState) => {
    const card = cards.get(runId);
    cards.delete(runId);
    await card?.close(last);
  };
  return lifecycle.subscribe(async (event: RunLifecycleEvent) => {
    switch (event.type) {
      case "started": {
        const { runId, reference, requester } = event.state;
        if (!reference) return;
        if (requester?.progressActivityId) {
          const show = progressMessage(deps.messenger, reference, requester.progressActivityId, deps.log);
          // A taken-over run's old card finishes its last update on its own; the new card does not wait.
          void cards.get(runId)?.close();
          cards.set(
            runId,
            new LatestOnlyQueue<RunState>(
              (state) => show(cardActivity(buildProgressCard(progressViewFromRun(state, deps.names, now())))),
              (error) => deps.log(`run ${runId}: progress update failed: ${describeError(error)}`),
              PROGRESS_UPDATE_INTERVAL_MS,
            ),
          );
        }
        const carried = requester?.stream;
        if (!carried) return;
        const resumed = event.takeover ? await deps.positions.resumed(runId, carried.id) : carried;
        // A previous owner already sent the final message: anything more arrives as a plain message.
        if (resumed?.ended) return;
        const stream = new TeamsStream(deps.messenger, reference, resumed ?? carried, {
          limits: TEAMS_STREAM_LIMITS,
          now,
          save: (advanced) => deps.positions.save(runId, advanced),
          log: deps.log,
          // A previous owner's updates may have used the numbers after the carried one: the stream is only closed.
          lastSequenceKnown: resumed !== undefined,
        });
        streams.set(runId, stream);
        return;
      }
      case "progress": {
        cards.get(event.state.runId)?.push(event.state);
        const stream = streams.get(event.state.runId);
        const text = stream && streamUpdate(progressViewFromRun(event.state, deps.names, now()));
        if (text) stream.informative(text);
        return;
      }
      case "finished":
        return closeCard(event.state.runId, event.state);
      case "settled":
        if (event.state.requester?.stream) await deps.positions.forget(event.state.runId);
        return;
      case "lease_lost":
        streams.delete(event.runId);
        return closeCard(event.runId);
    }
  });
}

/** What the run is doing, in the asker's language (routing: the turn's first update said so). */
function streamUpdate(view: ProgressView): string | undefined {
  const updates = stringsFor(view.language).stream;
  if (view.phase === "specialists") {
    const working = view.specialists.filter((specialist) => specialist.status === "working").map((specialist) => specialist.name);
    return working.length > 0 ? updates.checkingWith(working) : undefined;
  }
  const said: Partial<Record<ProgressView["phase"], string>> = {
    moderating: updates.moderating,
    rechecking: updates.moderating,
    finishing: updates.finishing,
  };
  return said[view.phase];
}

export function streamedConclusions(streams: RunStreams): AnswerPreview {
  return { conclusion: (runId, textSoFar) => streams.get(runId)?.text(conclusionMarkdown(textSoFar)) };
}

// Updated in place; when an update fails (a message sent before a restart may no longer be editable) it is replaced, once, by a new
// message that later updates go to, so the requester never looks at a stale card.
function progressMessage(messenger: Messenger, reference: Reference, activityId: string, log: Log) {
  let replaced = false;
  return async (activity: Partial<Activity>): Promise<void> => {
    try {
      await messenger.update(reference, activityId, activity);
    } catch (error) {
      if (replaced) throw error;
      replaced = true;
      log(`progress card ${activityId} could not be updated (${describeError(error)}); sending a new one`);
      activityId = (await messenger.send(reference, activity)) ?? activityId;
    }
  };
}

// Kept in the bot's state storage, not the run record: that is written under its owner's version tag, and a stream update between
// two checkpoints must not count as someone else's write.
export class StreamPositions {
  constructor(private readonly storage: Storage) {}

  async get(runId: string): Promise<StreamPosition | undefined> {
    const items = await this.storage.read([keyOf(runId)]);
    // The schema drops what the storage adds (its eTag).
    return StreamPositionSchema.safeParse(items[keyOf(runId)]).data;
  }

  async save(runId: string, position: StreamPosition): Promise<void> {
    await this.storage.write({ [keyOf(runId)]: { ...position, eTag: "*" } });
  }

  async forget(runId: string): Promise<void> {
    await this.storage.delete([keyOf(runId)]);
  }

  // After a takeover: the saved position (each update is saved before it is sent), else undefined: then no sequence number after the
  // carried one is known to be unused.
  async resumed(runId: string, streamId: string): Promise<StreamPosition | undefined> {
    const saved = await this.get(runId).catch(() => undefined);
    return saved?.id === streamId ? saved : undefined;
  }
}

function keyOf(runId: string): string {
  return `stream-position/${runId}`;
}
