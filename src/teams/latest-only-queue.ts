/**
 * Sends values one at a time, in order, skipping any that a newer value replaced while waiting, and
 * at most one per `minIntervalMs` (Teams throttles message updates): progress card updates for one
 * run never race, and a burst of events costs one update. `close` sends the last value at once.
 */
export class LatestOnlyQueue<T> {
  private pending: { value: T } | undefined;
  private running: Promise<void> | undefined;
  private closed = false;
  private wake: (() => void) | undefined;

  /**
   * `lastSentAt` (epoch ms): when the previous value went out, if one did before this queue existed
   * (a stream continued from another process), so the first value waits out the interval too.
   */
  constructor(
    private readonly send: (value: T) => Promise<void>,
    private readonly onError: (error: unknown) => void,
    private readonly minIntervalMs = 0,
    private lastSentAt?: number,
  ) {}

  /** Queues a value, replacing any value that has not been sent yet. Ignored once closed. */
  push(value: T): void {
    if (this.closed) return;
    this.pending = { value };
    this.running ??= this.drain();
  }

  /** Sends `last` (if given) without waiting out the interval, then stops; resolves when all is sent. */
  async close(last?: T): Promise<void> {
    if (this.closed) return this.running;
    if (last !== undefined) this.push(last);
    this.closed = true;
    this.wake?.();
    await this.running;
  }

  private async drain(): Promise<void> {
    while (this.pending) {
      const due = (this.lastSentAt ?? -Infinity) + this.minIntervalMs - Date.now();
      if (!this.closed && due > 0) await this.pause(due);
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

  private pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    }).finally(() => (this.wake = undefined));
  }
}
