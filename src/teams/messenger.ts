import type { Activity, CloudAdapter } from "botbuilder";
import type { Reference } from "../domain";
import { runProactive } from "./proactive";

/** Proactive sends to a stored conversation; a failed send rejects, so it is never mistaken for a delivery. */
export class Messenger {
  constructor(
    private readonly adapter: Pick<CloudAdapter, "continueConversationAsync">,
    private readonly botAppId: string | undefined,
  ) {}

  async send(reference: Reference, activity: Partial<Activity>): Promise<string | undefined> {
    let id: string | undefined;
    await runProactive(this.adapter, this.botAppId, reference, async (context) => {
      id = (await context.sendActivity(activity))?.id;
    });
    return id;
  }

  async update(reference: Reference, activityId: string, activity: Partial<Activity>): Promise<void> {
    await runProactive(this.adapter, this.botAppId, reference, async (context) => {
      await context.updateActivity({ ...activity, type: "message", id: activityId });
    });
  }
}
