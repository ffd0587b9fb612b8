import type { Storage } from "botbuilder";
import { StreamPositionSchema, type StreamPosition } from "../domain";

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
