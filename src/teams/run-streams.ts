import type { Storage } from "botbuilder";
import { conclusionMarkdown, progressViewFromRun, type DisplayNames, type ProgressView } from "../cards";
import { StreamPositionSchema, stringsFor, systemClock, type Clock, type Log, type StreamPosition } from "../domain";
import type { AnswerPreview } from "../workflow/ports";
import type { RunLifecycle, RunLifecycleEvent } from "../workflow/run-lifecycle";
import type { Messenger } from "./messenger";
import { TEAMS_STREAM_LIMITS, TeamsStream, type StreamLimits } from "./teams-stream";

export type RunStreams = Map<string, TeamsStream>;

/** What the run is doing, in the asker's language (routing: the turn's first update said so). */
function progressUpdate(view: ProgressView): string | undefined {
  const updates = stringsFor(view.language).stream;
  switch (view.phase) {
    case "specialists": {
      const working = view.specialists.filter((specialist) => specialist.status === "working").map((specialist) => specialist.name);
      return working.length > 0 ? updates.checkingWith(working) : undefined;
    }
    case "moderating":
    case "rechecking":
      return updates.moderating;
    case "finishing":
      return updates.finishing;
    default:
      return undefined;
  }
}

// A run whose requester carries a stream position continues that stream here, after a takeover from its saved position (without
// one a takeover only closes it); the delivery ends it.
export function followRunStreams(
  lifecycle: RunLifecycle,
  streams: RunStreams,
  deps: { messenger: Messenger; positions: StreamPositions; names: DisplayNames; log: Log; limits?: StreamLimits; clock?: Clock },
): () => void {
  const clock = deps.clock ?? systemClock;
  const now = () => clock.now();
  return lifecycle.subscribe(async (event: RunLifecycleEvent) => {
    switch (event.type) {
      case "started": {
        const carried = event.state.requester?.stream;
        if (!event.state.reference || !carried) return;
        const runId = event.state.runId;
        const resumed = event.takeover ? await deps.positions.resumed(runId, carried.id) : carried;
        // A previous owner already sent the final message: anything more arrives as a plain message.
        if (resumed?.ended) return;
        const stream = new TeamsStream(deps.messenger, event.state.reference, resumed ?? carried, {
          limits: deps.limits ?? TEAMS_STREAM_LIMITS,
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
        const text = progressUpdate(progressViewFromRun(event.state, deps.names, now()));
        if (text) streams.get(event.state.runId)?.informative(text);
        return;
      }
      case "settled":
        if (event.state.requester?.stream) await deps.positions.forget(event.state.runId);
        return;
      case "lease_lost":
        streams.delete(event.runId);
        return;
      default:
        return;
    }
  });
}

export function streamedConclusions(streams: RunStreams): AnswerPreview {
  return { conclusion: (runId, textSoFar) => streams.get(runId)?.text(conclusionMarkdown(textSoFar)) };
}

// Kept in the bot's state storage, not the run record: that is written under its owner's version tag, and a stream update between
// two checkpoints must not count as someone else's write.
export class StreamPositions {
  constructor(private readonly storage: Storage) {}

  async get(runId: string): Promise<StreamPosition | undefined> {
    const items = await this.storage.read([keyOf(runId)]);
    // The schema drops what the storage adds (its eTag).
    const parsed = StreamPositionSchema.safeParse(items[keyOf(runId)]);
    return parsed.success ? parsed.data : undefined;
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
