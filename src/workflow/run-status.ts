import type { RunCard, RunLifecycleRecord, RunRecord, RunState, RunStatus } from "../domain";

/**
 * The run's one status, read in one place: the card each status tells the requester, and whether a
 * stored run still needs a worker.
 *
 *   queued → running → awaiting_approval → running (a decision resumes it) → answered | rejected | expired | failed
 *                    ↘ answered | out_of_scope | needs_clarification | blocked | failed
 *   queued | running | awaiting_approval → poisoned (after too many deliveries)
 *
 * The workflow writes its ending status before the card is sent; `lifecycle.sent` (the send-once fence)
 * says whether it was, so a run whose worker died in between is claimed again to send it.
 */
const CARDS: Record<Exclude<RunStatus, "queued" | "running">, RunCard> = {
  answered: "answer",
  out_of_scope: "out_of_scope",
  needs_clarification: "clarification",
  blocked: "blocked",
  awaiting_approval: "approval_request",
  failed: "error",
  rejected: "approval_rejected",
  expired: "approval_expired",
  poisoned: "error",
};

/** The card that tells the requester how the run ended (or that it waits for an approver). */
export function cardFor(state: RunState): RunCard {
  if (state.failure?.approvalNotStored) return "approval_unavailable";
  // A workflow that returns still running ran out of budget: it failed.
  return state.status === "queued" || state.status === "running" ? "error" : CARDS[state.status];
}

/**
 * True once `card` went out. A claim without an activity id means its sender died mid-send: the card
 * is sent again, since a lost answer is worse than the rare duplicate in that instant. The under-review
 * notice is the exception: its claim alone counts, as the answer follows it anyway.
 */
export function wasSent(lifecycle: RunLifecycleRecord, card: RunCard): boolean {
  const sent = lifecycle.sent[card];
  return Boolean(sent?.activityId || (sent && card === "approval_request"));
}

/** True when a question's message finds nothing to do: the run ended and told its requester, or waits for an approver. */
export function isSettled({ state, lifecycle }: RunRecord): boolean {
  if (state.status === "poisoned") return true;
  return state.status !== "queued" && state.status !== "running" && wasSent(lifecycle, cardFor(state));
}

/** True when nothing resumes the run any more: settled, and not waiting for an approver's decision. */
export function isFinal(record: RunRecord): boolean {
  return isSettled(record) && record.state.status !== "awaiting_approval";
}
