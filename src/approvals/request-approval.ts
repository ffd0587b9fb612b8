import { describeError, type Approval, type RunState } from "../domain";
import { retrying } from "../resilience";
import { approvalCardFor, outcomeCardFor } from "./approval-cards";
import { claimApproval, newApproval, updateApproval, withAudit } from "./approval-record";
import { channelTarget, resolveApproverChannel } from "./approver-channel";
import type { ApprovalDeps } from "./ports";

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
  if (approval.status === "pending") await postApprovalThread(deps, approval, state);
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
    await retrying(() => deps.messaging.updateCard(thread, outcomeCardFor(delivered)), { policy: deps.sendRetry });
  } catch (error) {
    deps.log(`approval ${approvalId}: outcome not recorded or approver card not updated: ${describeError(error)}`);
    deps.telemetry.exception(error, { correlationId: approvalId, step: "approval:outcome" });
  }
}

/**
 * Posts the approval card as a new thread in the approver channel (retried with backoff) and stores
 * the thread on the record. Without an approver channel, or when Teams keeps failing, the approval
 * stays pending without a thread; `approvers here` and the maintenance job post it later. `again`
 * posts an approval that already has a thread once more (an approver asked for it). The run's requester
 * reference, when known, says which serviceUrl reaches the tenant if the channel's is not stored.
 */
export async function postApprovalThread(
  deps: ApprovalDeps,
  approval: Approval,
  run: RunState,
  { again = false } = {},
): Promise<"posted" | "already_posted" | "no_channel" | "failed"> {
  if (approval.approverThread && !again) return "already_posted";
  const channel = await resolveApproverChannel(deps.approvers, deps.settings);
  const serviceUrl = typeof run.reference?.serviceUrl === "string" ? run.reference.serviceUrl : undefined;
  const target = channel && channelTarget(channel, serviceUrl);
  if (!target) {
    deps.log(
      `approval ${approval.id}: no approver channel is known yet (set APPROVER_CHANNEL_ID or run "approvers here" in a channel); it waits`,
    );
    return "no_channel";
  }
  try {
    const thread = await retrying(() => deps.messaging.postThread(target, approvalCardFor(approval, run, deps.cards)), {
      policy: deps.sendRetry,
    });
    const at = deps.clock.now().toISOString();
    await updateApproval(deps.records, approval.id, (latest) =>
      withAudit(
        { ...latest, approverThread: thread },
        {
          at,
          actorAadObjectId: "procura",
          action: "post",
          outcome: again ? "posted again" : "posted",
          detail: `thread ${thread.conversationId}`,
        },
      ),
    );
    return "posted";
  } catch (error) {
    deps.log(`approval ${approval.id}: posting to the approver channel failed: ${describeError(error)}`);
    deps.telemetry.exception(error, { correlationId: approval.id, runId: approval.runId, step: "approval:post" });
    return "failed";
  }
}
