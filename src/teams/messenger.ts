import type { Activity, CloudAdapter } from "botbuilder";
import type { Reference } from "../domain";
import { runProactive } from "./proactive";

/**
 * Proactive sends to a stored conversation, outside any inbound turn (the way every late reply
 * reaches Teams). A failed send rejects, so callers never mistake it for a delivery.
 */
export class Messenger {
  constructor(
    private readonly adapter: Pick<CloudAdapter, "continueConversationAsync">,
    private readonly botAppId: string | undefined,
  ) {}

  /** Sends an activity; resolves with its id (needed to update it later). */
  async send(reference: Reference, activity: Partial<Activity>): Promise<string | undefined> {
    let id: string | undefined;
    await runProactive(this.adapter, this.botAppId, reference, async (context) => {
      id = (await context.sendActivity(activity))?.id;
    });
    return id;
  }

  /** Replaces a message the bot sent earlier (e.g. the progress card). */
  async update(reference: Reference, activityId: string, activity: Partial<Activity>): Promise<void> {
    await runProactive(this.adapter, this.botAppId, reference, async (context) => {
      await context.updateActivity({ ...activity, type: "message", id: activityId });
    });
  }
}
