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
