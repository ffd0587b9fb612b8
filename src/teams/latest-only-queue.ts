/**
 * Sends values one at a time, in order, skipping any that a newer value replaced while waiting:
 * progress card updates for one run never race, and a burst of events costs one update.
 */
export class LatestOnlyQueue<T> {
  private pending: { value: T } | undefined;
  private running: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly send: (value: T) => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Queues a value, replacing any value that has not been sent yet. Ignored once closed. */
  push(value: T): void {
    if (this.closed) return;
    this.pending = { value };
    this.running ??= this.drain();
  }

  /** Stops accepting values and resolves when the last queued one has been sent. */
  async close(): Promise<void> {
    this.closed = true;
    await this.running;
  }

  private async drain(): Promise<void> {
    while (this.pending) {
      const { value } = this.pending;
      this.pending = undefined;
      try {
        await this.send(value);
      } catch (error) {
        this.onError(error);
      }
    }
    this.running = undefined;
  }
}
