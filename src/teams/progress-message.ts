import type { Activity } from "botbuilder";
import { describeError, type Log, type Reference } from "../domain";
import type { Messenger } from "./messenger";

/**
 * The message that shows one run's progress. Updated in place; when an update fails (e.g. the
 * message a process sent before a restart can no longer be edited) it is replaced, once, by a new
 * message that later updates go to, so the requester never looks at a stale card.
 */
export class ProgressMessage {
  private replaced = false;

  constructor(
    private readonly messenger: Pick<Messenger, "send" | "update">,
    private readonly reference: Reference,
    private activityId: string,
    private readonly log: Log,
  ) {}

  /** Shows `activity` as the run's progress; rejects only when the replacement fails too. */
  async show(activity: Partial<Activity>): Promise<void> {
    try {
      await this.messenger.update(this.reference, this.activityId, activity);
    } catch (error) {
      if (this.replaced) throw error;
      this.replaced = true;
      this.log(`progress card ${this.activityId} could not be updated (${describeError(error)}); sending a new one`);
      this.activityId = (await this.messenger.send(this.reference, activity)) ?? this.activityId;
    }
  }
}
