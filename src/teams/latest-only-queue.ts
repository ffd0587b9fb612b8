import { setTimeout as sleep } from "node:timers/promises";

// Sends values one at a time, in order, latest only, at most one per `minIntervalMs` (Teams throttles message updates): a burst
// costs one update, and updates of one run never race. `close` sends the last value at once.
export class LatestOnlyQueue<T> {
  private pending: { value: T } | undefined;
  private running: Promise<void> | undefined;
  /** Aborted by `close`: nothing more is taken, and a pause for the interval ends at once. */
  private readonly closing = new AbortController();

  // `lastSentAt`: when a value went out before this queue existed (a continued stream), so the first waits out the interval too.
  constructor(
    private readonly send: (value: T) => Promise<void>,
    private readonly onError: (error: unknown) => void,
    private readonly minIntervalMs = 0,
    private lastSentAt?: number,
  ) {}

  push(value: T): void {
    if (this.closing.signal.aborted) return;
    this.pending = { value };
    this.running ??= this.drain();
  }

  async close(last?: T): Promise<void> {
    if (this.closing.signal.aborted) return this.running;
    if (last !== undefined) this.push(last);
    this.closing.abort();
    await this.running;
  }

  private async drain(): Promise<void> {
    while (this.pending) {
      const due = (this.lastSentAt ?? -Infinity) + this.minIntervalMs - Date.now();
      if (due > 0) await sleep(due, undefined, { signal: this.closing.signal }).catch(() => undefined);
      if (!this.pending) break;
      const { value } = this.pending;
      this.pending = undefined;
      this.lastSentAt = Date.now();
      try {
        await this.send(value);
      } catch (error) {
        this.onError(error);
      }
    }
    this.running = undefined;
  }
}
