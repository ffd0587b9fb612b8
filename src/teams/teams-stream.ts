import type { Activity } from "botbuilder";
import { describeError, type Log, type Reference, type StreamPosition } from "../domain";
import { LatestOnlyQueue } from "./latest-only-queue";
import type { Messenger } from "./messenger";

// Teams throttles streams to about one update a second and closes them after two minutes (less a margin for the final message's
// round trip): past maxAgeMs the answer arrives as a plain message.
export const TEAMS_STREAM_LIMITS = { minIntervalMs: 1_000, maxAgeMs: 100_000 };

interface Update {
  kind: "informative" | "streaming";
  text: string;
}

// Teams' streaming protocol over proactive sends, not teams-ai's StreamingResponse: that lives in one turn and one process, and a
// run can move to another process, which must continue the stream from its stored position. Updates are paced and latest-only.
export class TeamsStream {
  private readonly queue: LatestOnlyQueue<Update>;
  private ended = false;
  /** Once text is queued, an informative update must not replace it in the queue. */
  private textQueued: boolean;
  private lastInformative: string | undefined;

  constructor(
    private readonly messenger: Pick<Messenger, "send">,
    private readonly reference: Reference,
    private position: StreamPosition,
    private readonly options: {
      limits: typeof TEAMS_STREAM_LIMITS;
      now: () => Date;
      /** Persists the position before each update goes out, so another process continues after it. */
      save: (position: StreamPosition) => Promise<void>;
      log: Log;
      /** False when a takeover found no saved position: an update could repeat a number Teams has seen, so the stream is only ended. */
      lastSequenceKnown?: boolean;
    },
  ) {
    this.textQueued = position.textStarted === true;
    this.queue = new LatestOnlyQueue<Update>(
      (update) => this.send(update),
      (error) => options.log(`stream ${position.id}: update failed: ${describeError(error)}`),
      options.limits.minIntervalMs,
      this.lastUpdateAt,
    );
  }

  /** Starts a stream with its first informative update; `sendFirst` resolves with the id Teams gave it. */
  static async start(
    sendFirst: (activity: Partial<Activity>) => Promise<string | undefined>,
    text: string,
    now: Date,
  ): Promise<StreamPosition | undefined> {
    const id = await sendFirst(streamActivity("typing", { streamType: "informative", streamSequence: 1 }, text));
    return id ? { id, sequence: 1, startedAt: now.toISOString() } : undefined;
  }

  private get lastUpdateAt(): number {
    return Date.parse(this.position.updatedAt ?? this.position.startedAt);
  }

  /** True once Teams would no longer accept updates: the answer must then come as a plain message. */
  get expired(): boolean {
    return this.options.now().getTime() - Date.parse(this.position.startedAt) >= this.options.limits.maxAgeMs;
  }

  private get takesUpdates(): boolean {
    return !this.ended && !this.expired && this.options.lastSequenceKnown !== false;
  }

  /** Ignored once the text has started (Teams allows none after it) and when it repeats the last (each update spends the pace). */
  informative(text: string): void {
    if (!this.takesUpdates || this.textQueued || text === this.lastInformative) return;
    this.lastInformative = text;
    this.queue.push({ kind: "informative", text });
  }

  text(textSoFar: string): void {
    if (!this.takesUpdates) return;
    this.textQueued = true;
    this.queue.push({ kind: "streaming", text: textSoFar });
  }

  /** Ends with `final`; an update still waiting for its turn is dropped: the final message replaces it. */
  async end(final: Partial<Activity>): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    await this.queue.close();
    // The final message keeps Teams' pace too: it may follow the last update by no less than the interval.
    const due = this.lastUpdateAt + this.options.limits.minIntervalMs - Date.now();
    if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
    this.position = { ...this.position, ended: true };
    await this.options
      .save(this.position)
      .catch((error: unknown) => this.options.log(`stream ${this.position.id}: end not saved: ${describeError(error)}`));
    const channelData = { ...(final.channelData as Record<string, unknown> | undefined), streamId: this.position.id, streamType: "final" };
    await this.messenger.send(this.reference, {
      ...final,
      type: "message",
      id: this.position.id,
      channelData,
      entities: [{ type: "streaminfo", streamId: this.position.id, streamType: "final" }, ...(final.entities ?? [])],
    });
  }

  private async send(update: Update): Promise<void> {
    if (!this.takesUpdates) return;
    // The sequence is taken (and saved) before the update goes out: a process that dies mid-send
    // leaves a gap, never a number the next owner would send again. An update whose position could
    // not be saved is skipped for the same reason.
    const sequence = this.position.sequence + 1;
    this.position = {
      ...this.position,
      sequence,
      updatedAt: this.options.now().toISOString(),
      ...(update.kind === "streaming" ? { textStarted: true } : {}),
    };
    try {
      await this.options.save(this.position);
    } catch (error) {
      this.options.log(`stream ${this.position.id}: position not saved, update ${sequence} skipped: ${describeError(error)}`);
      return;
    }
    await this.messenger.send(this.reference, {
      ...streamActivity("typing", { streamId: this.position.id, streamType: update.kind, streamSequence: sequence }, update.text),
      id: this.position.id,
    });
  }
}

/** A stream activity: the stream fields in both channel data and the streaminfo entity, as Teams reads either. */
function streamActivity(type: "typing", info: Record<string, unknown>, text: string): Partial<Activity> {
  return { type, text, channelData: info, entities: [{ type: "streaminfo", ...info }] };
}
