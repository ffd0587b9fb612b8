import type { RunCard, RunLifecycleRecord, RunRecord, RunStage, RunState, RunStatus } from "../domain";

/**
 * The run's stage machine, in one place: the stages a run goes through, the only transitions
 * allowed, and for each workflow status the stage it leads to and the card that tells the requester.
 *
 *   queued → running → awaiting_approval → running (the decision resumes it) → delivered | failed
 *                    ↘ delivered | failed
 *   any non-final stage → poisoned (after too many deliveries)
 */
const TRANSITIONS: Record<RunStage, readonly RunStage[]> = {
  queued: ["running", "poisoned"],
  // running → running: another worker took the run over.
  running: ["running", "awaiting_approval", "delivered", "failed", "poisoned"],
  awaiting_approval: ["running", "poisoned"],
  delivered: [],
  failed: [],
  poisoned: [],
};

/** Where each workflow status ends: the stage once its card is sent, and that card. */
const ENDINGS: Record<RunStatus, { stage: RunStage; card: RunCard }> = {
  completed: { stage: "delivered", card: "answer" },
  out_of_scope: { stage: "delivered", card: "out_of_scope" },
  needs_clarification: { stage: "delivered", card: "clarification" },
  blocked: { stage: "delivered", card: "blocked" },
  awaiting_approval: { stage: "awaiting_approval", card: "approval_request" },
  failed: { stage: "failed", card: "error" },
  rejected: { stage: "failed", card: "approval_rejected" },
  expired: { stage: "failed", card: "approval_expired" },
  // A workflow that returns still running ran out of budget: it failed.
  running: { stage: "failed", card: "error" },
};

/** True when the run has ended: no stage follows. */
export function isFinal(stage: RunStage): boolean {
  return TRANSITIONS[stage].length === 0;
}

/** True when a question message finds nothing to do: the run ended, or waits for an approver's decision message. */
export function isSettled(stage: RunStage): boolean {
  return isFinal(stage) || stage === "awaiting_approval";
}

/** Throws on a transition the lifecycle does not allow (a bug, never a user error). */
export function assertStageTransition(from: RunStage, to: RunStage): void {
  if (TRANSITIONS[from].includes(to)) return;
  const why = from === "awaiting_approval" ? " (a decision resumes the run first)" : "";
  throw new Error(`run lifecycle: ${from} → ${to} is not a transition${why}`);
}

/**
 * The lifecycle of a run no queue worker owns (one run outright by the CLI or an evaluation, or stored
 * before the queue existed): its stage follows its workflow status.
 */
export function lifecycleFromStatus(state: RunState): RunLifecycleRecord {
  return { stage: state.status === "running" ? "running" : ENDINGS[state.status].stage, owners: 0, sent: {} };
}

/** A run's stage. */
export function stageOf(record: RunRecord): RunStage {
  return record.lifecycle.stage;
}

/** How a workflow result ends: the stage it moves to once `card` (the requester's only word on it) is sent. */
export function endingOf(state: RunState): { stage: RunStage; card: RunCard } {
  if (state.failure?.approvalNotStored) return { stage: "failed", card: "approval_unavailable" };
  return ENDINGS[state.status];
}
