import type { Activity, CloudAdapter, TurnContext } from "botbuilder";
import type { AdaptiveCard } from "../cards";
import type { Reference } from "../domain";

export function cardActivity(card: AdaptiveCard): Partial<Activity> {
  return { type: "message", attachments: [{ contentType: "application/vnd.microsoft.card.adaptive", content: card }] };
}

/** Proactive sends to a stored conversation; a failed send rejects, so it is never mistaken for a delivery. */
export class Messenger {
  constructor(
    private readonly adapter: Pick<CloudAdapter, "continueConversationAsync">,
    private readonly botAppId: string | undefined,
  ) {}

  async send(reference: Reference, activity: Partial<Activity>): Promise<string | undefined> {
    let id: string | undefined;
    await this.proactive(reference, async (context) => {
      id = (await context.sendActivity(activity))?.id;
    });
    return id;
  }

  async update(reference: Reference, activityId: string, activity: Partial<Activity>): Promise<void> {
    await this.proactive(reference, async (context) => {
      await context.updateActivity({ ...activity, type: "message", id: activityId });
    });
  }

  // The adapter hands a turn's error to onTurnError (teams-ai logs it) instead of rejecting: rethrown here, or a failed send would look
  // delivered. An empty bot id is local, unauthenticated mode.
  private async proactive(reference: Reference, logic: (context: TurnContext) => Promise<void>): Promise<void> {
    let failure: { error: unknown } | undefined;
    await this.adapter.continueConversationAsync(this.botAppId ?? "", reference, async (context) => {
      try {
        await logic(context);
      } catch (error) {
        failure = { error };
      }
    });
    if (failure) throw failure.error;
  }
}
