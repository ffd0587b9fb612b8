import type { Activity } from "botbuilder";

/**
 * Whose memory a message belongs to: the chat (personal or group), or the channel thread. Replies in
 * a thread arrive with `<channel>;messageid=<root>`; a new channel post that starts a thread may
 * arrive with the channel id alone, and is then the root of its own thread.
 */
export function conversationKeyOf(activity: Pick<Activity, "conversation" | "id">): string {
  const id = activity.conversation.id;
  if (activity.conversation.conversationType !== "channel" || id.includes(";messageid=") || !activity.id) return id;
  return `${id};messageid=${activity.id}`;
}

/**
 * True for a one-to-one chat with the bot (an activity's or a stored reference's conversation):
 * there a question gets a stream and its answer is a Teams-native message; group chats and channels
 * get cards.
 */
export function isPersonalChat(where: { conversation?: { conversationType?: string } }): boolean {
  return where.conversation?.conversationType === "personal";
}
