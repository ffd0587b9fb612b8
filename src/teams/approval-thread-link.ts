import { chatOf } from "./conversation-key";

/** A Teams deep link to an approval's thread in the approver channel (`<channel>;messageid=<root>`, root activity id). */
export function approvalThreadLink(thread: { conversationId: string; activityId: string }): string {
  const channelId = encodeURIComponent(chatOf(thread.conversationId));
  const messageId = encodeURIComponent(thread.activityId);
  return `https://teams.microsoft.com/l/message/${channelId}/${messageId}?parentMessageId=${messageId}`;
}
