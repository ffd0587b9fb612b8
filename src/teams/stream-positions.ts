import type { Storage } from "botbuilder";
import { StreamPositionSchema, type StreamPosition } from "../domain";

/**
 * Where each run's stream stands, kept in the bot's state storage (shared by every instance) rather
 * than in the run record: the run record is written under its owner's version tag, and a stream
 * update between two checkpoints must not count as someone else's write.
 */
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

  /** Forgets a stream once its final message went out. */
  async forget(runId: string): Promise<void> {
    await this.storage.delete([keyOf(runId)]);
  }

  /**
   * The position to continue from: the furthest of the one the run carries (the inbound turn's) and
   * the saved one (a previous owner's updates), so a takeover never reuses a sequence number.
   */
  async furthest(runId: string, carried: StreamPosition): Promise<StreamPosition> {
    const saved = await this.get(runId).catch(() => undefined);
    return saved?.id === carried.id && (saved.sequence > carried.sequence || saved.ended) ? saved : carried;
  }
}

function keyOf(runId: string): string {
  return `stream-position/${runId}`;
}
