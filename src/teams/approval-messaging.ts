import type { Activity, CloudAdapter, ConversationParameters, TurnContext } from "botbuilder";
import type { ApprovalMessaging, ChannelTarget, PostedMessage } from "../approvals";
import { cardAttachment, type AdaptiveCard } from "../cards";
import type { Reference } from "../domain";
import { runProactive } from "./proactive";

export type ApprovalAdapter = Pick<CloudAdapter, "createConversationAsync" | "continueConversationAsync">;

function message(content: AdaptiveCard | string): Partial<Activity> {
  return typeof content === "string" ? { type: "message", text: content } : { type: "message", attachments: [cardAttachment(content)] };
}

function threadReference(thread: PostedMessage): Reference {
  return {
    channelId: "msteams",
    serviceUrl: thread.serviceUrl,
    conversation: { id: thread.conversationId, isGroup: true, conversationType: "channel", name: "" },
  };
}

// A new channel thread is created with createConversationAsync (works with an empty bot app id, unlike
// TeamsInfo.sendMessageToTeamsChannel); Teams names it `<channel>;messageid=<root id>`.
export class TeamsApprovalMessaging implements ApprovalMessaging {
  constructor(
    private readonly adapter: ApprovalAdapter,
    private readonly botAppId: string | undefined,
  ) {}

  async postThread(target: ChannelTarget, card: AdaptiveCard): Promise<PostedMessage> {
    const parameters = {
      isGroup: true,
      channelData: { channel: { id: target.channelId }, ...(target.tenantId ? { tenant: { id: target.tenantId } } : {}) },
      activity: message(card),
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
    await this.proactive(threadReference(posted), async (context) => {
      await context.updateActivity({ ...message(card), id: posted.activityId });
    });
  }

  async replyInThread(thread: PostedMessage, text: string): Promise<void> {
    await this.sendTo(threadReference(thread), text);
  }

  private async sendTo(reference: Reference, content: AdaptiveCard | string): Promise<void> {
    await this.proactive(reference, async (context) => {
      await context.sendActivity(message(content));
    });
  }

  private proactive(reference: Reference, logic: (context: TurnContext) => Promise<void>): Promise<void> {
    return runProactive(this.adapter, this.botAppId, reference, logic);
  }
}
