import { describeError, type Approval, type RunState } from "../../domain";
import type { RunContext } from "../run-context";

/**
 * The approval node's step. Entered without a decision, it asks the approvals room for the run's
 * approval and stops the run there (`awaiting_approval`; the runner checkpoints and returns). An
 * approval that cannot be stored fails the run closed: nothing would ever resume a run waiting for a
 * record that does not exist. Resumed with the decided approval, it ends the run by the decision.
 */
export async function approvalStep(context: RunContext): Promise<void> {
  const { state, deps, decided } = context;
  if (decided) {
    Object.assign(state, runAfterDecision(state, decided, deps.clock.now().toISOString()));
    return;
  }
  try {
    await deps.requestApproval?.(state);
  } catch (error) {
    state.status = "failed";
    state.failure = {
      message: `The approval could not be stored: ${describeError(error)}`,
      correlationId: state.runId,
      approvalNotStored: true,
    };
    return;
  }
  state.status = "awaiting_approval";
}

/**
 * A run as its approval's decision (or expiry) leaves it. Approved (or edited) → `completed`, with the
 * review recorded and the edited text as the whole answer; rejected or expired → `failed`, naming the
 * approval as the correlation id and saying how it was declined (the reason travels to the notice).
 */
export function runAfterDecision(run: RunState, approval: Approval, at: string): RunState {
  const ended = { ...run, updatedAt: at, endedAt: at };
  const decision = approval.decision;
  if (approval.status === "approved" && decision) {
    // The approver's text is the answer: the draft's rationale, findings and next actions argued for
    // what the approver may have changed, so they go with it.
    const answer =
      decision.kind === "edit" && run.answer
        ? { ...run.answer, conclusion: decision.after, rationale: [], findings: [], nextActions: [] }
        : run.answer;
    return {
      ...ended,
      status: "completed",
      ...(answer ? { answer } : {}),
      review: { approvalId: approval.id, edited: decision.kind === "edit" },
    };
  }
  const expired = approval.status === "expired" || !decision;
  return {
    ...ended,
    status: "failed",
    failure: {
      message: expired ? "approval expired without a decision" : "rejected by an approver",
      correlationId: approval.id,
      declined: expired ? { by: "expired" } : { by: "rejected", reason: decision.comment ?? "" },
    },
  };
}
