import type { ConversationParameters } from "botbuilder";
import type { ApprovalMessaging, ChannelTarget, PostedMessage } from "../approvals";
import type { AdaptiveCard } from "../cards";
import type { Reference } from "../domain";
import { cardActivity, Messenger } from "./messenger";

export type ApprovalAdapter = Messenger["adapter"];

function threadReference(thread: PostedMessage): Reference {
  return {
    channelId: "msteams",
    serviceUrl: thread.serviceUrl,
    conversation: { id: thread.conversationId, isGroup: true, conversationType: "channel", name: "" },
  };
}

// A new channel thread is created with createConversationAsync (works with an empty bot app id, unlike
// TeamsInfo.sendMessageToTeamsChannel); Teams names it `<channel>;messageid=<root id>`.
export class TeamsApprovalMessaging extends Messenger implements ApprovalMessaging {
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
