import type { Approval, RunState } from "../domain";

/**
 * A run that waited for an approver, as its decision (or the approval's expiry) leaves it.
 * Approved (or edited) → `completed`, with the review recorded and the edited text as the whole
 * answer (the draft's rationale, findings and next actions dropped; its QSCORE is shown as the
 * draft's); rejected or expired → `failed`, with a failure naming the approval as the correlation id
 * and saying how it was declined (the approver's reason travels to the rejection notice).
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
