import type { Activity } from "botbuilder";

// Whose memory a message belongs to: a personal chat's is the chat's; in a group chat or channel thread each person remembers only
// their own turns, so a follow-up never resolves against someone else's question and `reset` forgets only the caller's. A new channel
// post may arrive with the channel id alone and is then the root of its own thread. The person is their Entra id when Teams sends one.
export function memoryKeyOf(activity: Pick<Activity, "conversation" | "id" | "from">): string {
  const id = activity.conversation.id;
  if (isPersonalChat(activity)) return id;
  const newChannelPost = activity.conversation.conversationType === "channel" && !id.includes(";messageid=") && activity.id;
  const thread = newChannelPost ? `${id};messageid=${activity.id}` : id;
  return `${thread};from=${activity.from.aadObjectId || activity.from.id}`;
}

// Everyone in a channel sees all its threads, so an answer posted in a thread belongs to the channel its question came from.
export function chatOf(conversationId: string): string {
  return conversationId.split(";messageid=")[0] ?? conversationId;
}

/** A one-to-one chat: there a question gets a stream and a Teams-native answer; group chats and channels get cards. */
export function isPersonalChat(where: { conversation?: { conversationType?: string } }): boolean {
  return where.conversation?.conversationType === "personal";
}
