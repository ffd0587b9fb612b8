import type { Activity, CloudAdapter, TurnContext } from "botbuilder";
import type { AdaptiveCard } from "../cards";
import type { Reference } from "../domain";

export function cardActivity(card: AdaptiveCard): Partial<Activity> {
  return { type: "message", attachments: [{ contentType: "application/vnd.microsoft.card.adaptive", content: card }] };
}

/** Proactive sends to a stored conversation; a failed send rejects, so it is never mistaken for a delivery. */
export class Messenger {
  constructor(
    protected readonly adapter: Pick<CloudAdapter, "createConversationAsync" | "continueConversationAsync">,
    protected readonly botAppId: string | undefined,
  ) {}

  async send(reference: Reference, activity: Partial<Activity>): Promise<string | undefined> {
    return (await this.proactive(reference, (context) => context.sendActivity(activity)))?.id;
  }

  async update(reference: Reference, activityId: string, activity: Partial<Activity>): Promise<void> {
    await this.proactive(reference, (context) => context.updateActivity({ ...activity, type: "message", id: activityId }));
  }

  // The adapter hands a turn's error to onTurnError (teams-ai logs it) instead of rejecting: the outcome is handed back here instead,
  // or a failed send would look delivered. An empty bot id is local, unauthenticated mode.
  private async proactive<T>(reference: Reference, logic: (context: TurnContext) => Promise<T>): Promise<T | undefined> {
    let outcome: Promise<T> | undefined;
    await this.adapter.continueConversationAsync(this.botAppId ?? "", reference, async (context) => {
      outcome = logic(context);
      await outcome.catch(() => undefined);
    });
    return outcome;
  }
}
