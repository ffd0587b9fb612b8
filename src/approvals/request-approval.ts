import { describeError, type Approval, type RunState } from "../domain";
import { retrying } from "../resilience";
import { outcomeCardFor } from "./approval-cards";
import { claimApproval, newApproval, withAudit } from "./approval-record";
import type { ApprovalDeps } from "./ports";
import { postApprovalThread } from "./post-approval-thread";

/**
 * What a run's approval node asks for: the approval record is stored first, keyed by the run, so a
 * run taken over by another instance reuses it and the card is never posted twice; then the card goes
 * to the approver channel as a new thread. Fails closed: a record that cannot be stored throws, and
 * nothing is posted. The requester's reference, when known, says which serviceUrl reaches the tenant.
 */
export async function requestApproval(deps: ApprovalDeps, state: RunState): Promise<void> {
  let approval: Approval;
  try {
    approval = await storeOnce(deps, newApproval(state, deps.clock.now(), deps.timing.expireAfterMs));
  } catch (error) {
    deps.log(`run ${state.runId}: approval not stored, the run fails closed: ${describeError(error)}`);
    deps.telemetry.exception(error, { correlationId: state.runId, runId: state.runId, step: "approval:request" });
    throw error;
  }
  if (approval.status === "pending") await postApprovalThread(deps, approval, state, state.reference);
}

async function storeOnce(deps: ApprovalDeps, approval: Approval): Promise<Approval> {
  const created = await deps.records.create(approval);
  if (created.kind === "written") return approval;
  const existing = await deps.records.get(approval.id);
  if (!existing) throw new Error(`approval ${approval.id} conflicted on create but cannot be read`);
  return existing.value;
}

/**
 * Once the run an approval decided has ended and its card is sent: the approval records when its outcome
 * was shown (the history card and the export read it), once, and the approver card is replaced with the outcome
 * for everyone. Never throws: the requester already has their card.
 */
export async function showOutcome(deps: ApprovalDeps, approvalId: string): Promise<void> {
  try {
    const at = deps.clock.now().toISOString();
    const delivered = await claimApproval(deps.records, approvalId, (latest) =>
      latest.status === "pending" || latest.outcomeShownAt
        ? undefined
        : withAudit(
            { ...latest, outcomeShownAt: at },
            { at, actorAadObjectId: "procura", action: "deliver", outcome: "delivered", detail: `run ${latest.runId} ended` },
          ),
    );
    const thread = delivered?.approverThread;
    if (!delivered || !thread) return;
    const posted = { serviceUrl: thread.serviceUrl, conversationId: thread.conversationId, activityId: thread.activityId };
    await retrying(() => deps.messaging.updateCard(posted, outcomeCardFor(delivered)), { policy: deps.sendRetry });
  } catch (error) {
    deps.log(`approval ${approvalId}: outcome not recorded or approver card not updated: ${describeError(error)}`);
    deps.telemetry.exception(error, { correlationId: approvalId, step: "approval:outcome" });
  }
}
