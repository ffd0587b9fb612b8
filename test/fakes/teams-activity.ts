import { randomUUID } from "node:crypto";

/** Who sends the message and where: everything else is what Teams puts on a user's message. */
export interface TeamsMessageOptions {
  serviceUrl: string;
  conversationId: string;
  text: string;
  userId: string;
  userName: string;
  conversationType?: string;
  locale?: string;
}

/** An inbound user message as Teams sends it to /api/messages (tenant-1, bot id 28:procura). */
export function teamsMessage(options: TeamsMessageOptions) {
  return {
    type: "message",
    id: randomUUID(),
    timestamp: new Date().toISOString(),
    channelId: "msteams",
    serviceUrl: options.serviceUrl,
    from: { id: options.userId, aadObjectId: `aad-${options.userId}`, name: options.userName },
    recipient: { id: "28:procura", name: "Procura" },
    conversation: { id: options.conversationId, conversationType: options.conversationType ?? "personal", tenantId: "tenant-1" },
    channelData: { tenant: { id: "tenant-1" } },
    locale: options.locale ?? "en-US",
    text: options.text,
  };
}

/** Where a card was clicked: the channel thread it sits in (tenant-1) and the clicked message. */
export interface CardClickOptions {
  serviceUrl: string;
  /** The thread's conversation id, `<channel>;messageid=<root>`. */
  threadConversationId: string;
  channelId: string;
  teamId?: string;
  replyToId: string;
  tenantId?: string;
  who: { id: string; aadObjectId: string; name: string };
  verb: string;
  data: Record<string, string>;
}

/** An Action.Execute invoke on a card in a channel thread, as Teams sends it to /api/messages. */
export function cardActionInvoke(options: CardClickOptions) {
  const tenantId = options.tenantId ?? "tenant-1";
  return {
    type: "invoke",
    name: "adaptiveCard/action",
    id: randomUUID(),
    timestamp: new Date().toISOString(),
    channelId: "msteams",
    serviceUrl: options.serviceUrl,
    from: options.who,
    recipient: { id: "28:procura", name: "Procura" },
    conversation: { id: options.threadConversationId, conversationType: "channel", tenantId, isGroup: true },
    channelData: {
      tenant: { id: tenantId },
      ...(options.teamId ? { team: { id: options.teamId } } : {}),
      channel: { id: options.channelId },
    },
    replyToId: options.replyToId,
    locale: "en-US",
    value: { action: { type: "Action.Execute", verb: options.verb, data: options.data }, trigger: "manual" },
  };
}
