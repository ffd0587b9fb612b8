import type { Activity } from "botbuilder";

/**
 * Whose memory a message belongs to. A personal chat is one person's: its key is the chat. In a
 * group chat or a channel thread several people talk, so each person remembers only their own
 * turns there: a follow-up never resolves against someone else's question, and `reset` forgets
 * only the caller's. Replies in a thread arrive with `<channel>;messageid=<root>`; a new channel
 * post that starts a thread may arrive with the channel id alone, and is then the root of its own
 * thread. The person is their Entra object id when Teams sends one (stable across chats), else
 * their Teams user id.
 */
export function memoryKeyOf(activity: Pick<Activity, "conversation" | "id" | "from">): string {
  if (isPersonalChat(activity)) return activity.conversation.id;
  const person = activity.from.aadObjectId || activity.from.id;
  return `${threadOf(activity)};from=${person}`;
}

/** The chat, or the channel thread, a message is in. */
function threadOf(activity: Pick<Activity, "conversation" | "id">): string {
  const id = activity.conversation.id;
  if (activity.conversation.conversationType !== "channel" || id.includes(";messageid=") || !activity.id) return id;
  return `${id};messageid=${activity.id}`;
}

/**
 * The chat or channel a conversation id belongs to, without the thread: everyone in a channel sees
 * all of its threads, so an answer posted in a thread belongs to the channel its question came from.
 */
export function chatOf(conversationId: string): string {
  return conversationId.split(";messageid=")[0] ?? conversationId;
}

/**
 * True for a one-to-one chat with the bot (an activity's or a stored reference's conversation):
 * there a question gets a stream and its answer is a Teams-native message; group chats and channels
 * get cards.
 */
export function isPersonalChat(where: { conversation?: { conversationType?: string } }): boolean {
  return where.conversation?.conversationType === "personal";
}
