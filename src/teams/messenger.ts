import type { Activity, CloudAdapter, ConversationParameters, TurnContext } from "botbuilder";
import type { ApprovalMessaging, ChannelTarget, PostedMessage } from "../approvals";
import type { AdaptiveCard } from "../cards";
import type { Reference } from "../domain";

export type MessengerAdapter = Pick<CloudAdapter, "createConversationAsync" | "continueConversationAsync">;

export function cardActivity(card: AdaptiveCard): Partial<Activity> {
  return { type: "message", attachments: [{ contentType: "application/vnd.microsoft.card.adaptive", content: card }] };
}

// Proactive sends to a stored conversation; a failed send rejects, so it is never mistaken for a delivery. Also the approvals' (and
// the operators') channel threads: a new thread is created with createConversationAsync (works with an empty bot app id, unlike
// TeamsInfo.sendMessageToTeamsChannel); Teams names it `<channel>;messageid=<root id>`.
export class Messenger implements ApprovalMessaging {
  constructor(
    private readonly adapter: MessengerAdapter,
    private readonly botAppId: string | undefined,
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

  async postThread(target: ChannelTarget, card: AdaptiveCard): Promise<PostedMessage> {
    const parameters = {
      isGroup: true,
      channelData: { channel: { id: target.channelId }, ...(target.tenantId ? { tenant: { id: target.tenantId } } : {}) },
      activity: cardActivity(card),
      ...(target.tenantId ? { tenantId: target.tenantId } : {}),
    } as ConversationParameters;
    let conversationId: string | undefined;
    await this.adapter.createConversationAsync(this.botAppId ?? "", "msteams", target.serviceUrl, "", parameters, async (context) => {
      conversationId = context.activity.conversation.id;
    });
    const activityId = conversationId?.split(";messageid=")[1];
    if (!conversationId || !activityId) throw new Error(`the channel did not return a thread id (got ${JSON.stringify(conversationId)})`);
    return { serviceUrl: target.serviceUrl, conversationId, activityId };
  }

  async updateCard(posted: PostedMessage, card: AdaptiveCard): Promise<void> {
    await this.update(threadReference(posted), posted.activityId, cardActivity(card));
  }

  async replyInThread(thread: PostedMessage, text: string): Promise<void> {
    await this.send(threadReference(thread), { type: "message", text });
  }
}

function threadReference(thread: PostedMessage): Reference {
  return {
    channelId: "msteams",
    serviceUrl: thread.serviceUrl,
    conversation: { id: thread.conversationId, isGroup: true, conversationType: "channel", name: "" },
  };
}
