/** Inbound Bot Framework activities as Teams sends them, for the bench and the chaos scenarios. */
import { randomUUID } from "node:crypto";

/** A user message in a personal conversation, replying to `serviceUrl`. */
export function userMessage(serviceUrl: string, conversationId: string, text: string, userId = "user-bench") {
  return {
    type: "message",
    id: randomUUID(),
    timestamp: new Date().toISOString(),
    channelId: "msteams",
    serviceUrl,
    from: { id: userId, aadObjectId: `aad-${userId}`, name: "Bench User" },
    recipient: { id: "28:procura", name: "Procura" },
    conversation: { id: conversationId, conversationType: "personal", tenantId: "tenant-1" },
    channelData: { tenant: { id: "tenant-1" } },
    locale: "en-US",
    text,
  };
}

/** POSTs an activity to the bot's /api/messages; resolves with the HTTP status. */
export async function postActivity(botUrl: string, activity: object): Promise<number> {
  const response = await fetch(`${botUrl}/api/messages`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(activity) });
  await response.arrayBuffer();
  return response.status;
}
