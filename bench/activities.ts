/** Inbound Bot Framework activities as Teams sends them, for the bench and the chaos scenarios. */
import { teamsMessage } from "../test/fakes/teams-activity";

/** A user message in a personal conversation, replying to `serviceUrl`. */
export function userMessage(serviceUrl: string, conversationId: string, text: string, userId = `user-${conversationId}`) {
  return teamsMessage({ serviceUrl, conversationId, text, userId, userName: "Bench User" });
}

/** POSTs an activity to the bot's /api/messages; resolves with the HTTP status. */
export async function postActivity(botUrl: string, activity: object): Promise<number> {
  const response = await fetch(`${botUrl}/api/messages`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(activity),
  });
  await response.arrayBuffer();
  return response.status;
}
