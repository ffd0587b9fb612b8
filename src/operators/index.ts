/** Operators told in Teams: notice cards for failed, poisoned and retried runs. */
export {
  ChannelOperatorNotices,
  createOperatorNotices,
  firstWords,
  type OperatorNotices,
  type OperatorNoticeSettings,
} from "./operator-notices";
export { notifyOperatorsOfRuns } from "./follow-runs";
