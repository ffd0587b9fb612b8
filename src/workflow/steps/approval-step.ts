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
    context.fail(`The approval could not be stored: ${describeError(error)}`, { approvalNotStored: true });
    return;
  }
  state.status = "awaiting_approval";
}

/**
 * A run as its approval's decision (or expiry) leaves it: approved (or edited) → `answered`, the edited
 * text as the whole answer; rejected (with the approver's reason, told to the asker) or expired.
 */
export function runAfterDecision(run: RunState, approval: Approval, at: string): RunState {
  const ended = { ...run, updatedAt: at, endedAt: at };
  const reasons = run.approval?.reasons ?? [];
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
      status: "answered",
      ...(answer ? { answer } : {}),
      approval: { reasons, id: approval.id, decision: decision.kind === "edit" ? "edited" : "approved" },
    };
  }
  if (approval.status === "expired" || !decision)
    return { ...ended, status: "expired", approval: { reasons, id: approval.id, decision: "expired" } };
  return { ...ended, status: "rejected", approval: { reasons, id: approval.id, decision: "rejected", reason: decision.comment ?? "" } };
}
