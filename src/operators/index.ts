/** Operators told in Teams: notice cards for failed, poisoned and retried runs. */
export { createOperatorNotices, firstWords, type OperatorNotices } from "./operator-notices";
export { notifyOperatorsOfRuns } from "./follow-runs";
