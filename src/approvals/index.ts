/** Human approval in an approver channel: request, authorised atomic decisions handed to the run queue, the approver card's outcome, reminders and expiry. */
export { approversOf, createApprovals, type Approvals } from "./create-approvals";
export type { HistoryPage, HistoryPlace, PendingRequest } from "./approver-commands";
export type { Actor, ApprovalMessaging, ChannelTarget, PostedMessage, TeamMembership } from "./ports";
export { channelTarget, resolveApproverChannel } from "./approver-channel";
