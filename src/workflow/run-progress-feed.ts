import type { RunState, WorkflowEvent } from "../domain";

/**
 * Follows one run for its progress view: the latest checkpoint with the workflow events seen since
 * appended (the newest event per executor is then last, which is all a progress view reads).
 */
export class RunProgressFeed {
  private snapshot: RunState | undefined;
  private events: WorkflowEvent[] = [];

  constructor(private readonly publish: (state: RunState) => void) {}

  checkpointed(state: RunState): void {
    // Events are kept: some may have been emitted after this snapshot was taken but before it was written.
    this.snapshot = state;
    this.notify();
  }

  event(event: WorkflowEvent): void {
    this.events.push(event);
    this.notify();
  }

  private notify(): void {
    if (!this.snapshot) return;
    this.publish({ ...this.snapshot, events: [...this.snapshot.events, ...this.events] });
  }
}
