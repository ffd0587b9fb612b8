/** Human approval in an approver channel: request, authorised atomic decisions handed to the run queue, the approver card's outcome, reminders and expiry. */
export { createApprovals, type Approvals } from "./create-approvals";
export type { ApprovalDeps } from "./deps";
export type { DecisionRequest } from "./decide-approval";
export { HISTORY_PAGE_SIZE, type HistoryPage, type HistoryPlace, type HistoryRequest } from "./list-approval-history";
export type { ApprovalHistoryEntry } from "./approval-history";
export type { PendingRequest } from "./pending-approvals";
export type { Actor, ApprovalMessaging, ChannelTarget, PostedMessage, TeamMembership } from "./ports";
export { APPROVER_CHANNEL_SETTING, channelTarget, resolveApproverChannel } from "./approver-channel";
