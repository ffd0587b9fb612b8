import type { Activity } from "botbuilder";
import { describeError, type Log, type Reference } from "../domain";
import type { Messenger } from "./messenger";

// Updated in place; when an update fails (a message sent before a restart may no longer be editable) it is replaced, once, by a new
// message that later updates go to, so the requester never looks at a stale card.
export class ProgressMessage {
  private replaced = false;

  constructor(
    private readonly messenger: Pick<Messenger, "send" | "update">,
    private readonly reference: Reference,
    private activityId: string,
    private readonly log: Log,
  ) {}

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
