/** Operators told in Teams: notice cards for failed, poisoned and retried runs. */
export { createOperatorNotices } from "./create-operator-notices";
export {
  ChannelOperatorNotices,
  firstWords,
  type NoticeOutcome,
  type OperatorNotices,
  type OperatorNoticeSettings,
} from "./operator-notices";
export { noticeForRun, notifyOperatorsOfRuns } from "./follow-runs";
