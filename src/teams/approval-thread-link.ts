import { chatOf } from "./conversation-key";

/**
 * A Teams deep link that opens an approval's thread in the approver channel, from the thread's
 * conversation id (`<channel>;messageid=<root>`) and root activity id as the approvals flow stored them.
 */
export function approvalThreadLink(thread: { conversationId: string; activityId: string }): string {
  const channelId = encodeURIComponent(chatOf(thread.conversationId));
  const messageId = encodeURIComponent(thread.activityId);
  return `https://teams.microsoft.com/l/message/${channelId}/${messageId}?parentMessageId=${messageId}`;
}
