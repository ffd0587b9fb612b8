// Sends values one at a time, in order, latest only, at most one per `minIntervalMs` (Teams throttles message updates): a burst
// costs one update, and updates of one run never race. `close` sends the last value at once.
export class LatestOnlyQueue<T> {
  private pending: { value: T } | undefined;
  private running: Promise<void> | undefined;
  private closed = false;
  private wake: (() => void) | undefined;

  // `lastSentAt`: when a value went out before this queue existed (a continued stream), so the first waits out the interval too.
  constructor(
    private readonly send: (value: T) => Promise<void>,
    private readonly onError: (error: unknown) => void,
    private readonly minIntervalMs = 0,
    private lastSentAt?: number,
  ) {}

  push(value: T): void {
    if (this.closed) return;
    this.pending = { value };
    this.running ??= this.drain();
  }

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
