import { describeError, type Approval, type RunState } from "../domain";
import { settleApprovedRun } from "../workflow/run-lifecycle";
import { outcomeCardFor, requesterNoticeFor } from "./approval-cards";
import { claimApproval, updateApproval, withAudit } from "./approval-record";
import type { ApprovalDeps } from "./deps";
import { sendWithRetry } from "./send-with-retry";

/**
 * The run's final state once its approval is settled. Approved (or edited) → `completed`, with the
 * review recorded and the edited text as the whole answer (the draft's rationale, findings and next
 * actions dropped; its QSCORE is shown as the draft's); rejected or expired → `failed`, with a failure naming the
 * approval as the correlation id (the run status has no separate "rejected"; the approval record
 * holds the decision and its reason).
 */
export function settledRun(run: RunState, approval: Approval, at: string): RunState {
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
  const message = approval.status === "expired" ? "approval expired without a decision" : "rejected by an approver";
  return { ...ended, status: "failed", failure: { message, correlationId: approval.id } };
}

/** How long a delivery claim holds; after that a stopped process's delivery is taken over by the maintenance job. */
export const DELIVERY_CLAIM_MS = 60_000;

/** What settling did: delivered, failed after its retries, or nothing because it was not ours to deliver. */
export type SettleOutcome = "delivered" | "failed" | "not_claimed";

/** True when a settled approval still needs its delivery and nobody holds a live claim on it at `now`. */
export function deliveryClaimable(approval: Approval, now: Date): boolean {
  if (approval.status === "pending" || approval.delivery.status === "delivered") return false;
  const claimedAt = approval.delivery.claimedAt;
  return claimedAt === undefined || Date.parse(claimedAt) <= now.getTime() - DELIVERY_CLAIM_MS;
}

/**
 * Finishes a decided or expired approval in the background after the decision: the run's state and
 * transcript, the approver card replaced with the outcome for everyone, and the requester's answer
 * (or the rejection or expiry notice) sent to their stored conversation (retried with backoff) and
 * marked delivered or failed. The delivery is claimed first with an etag-conditional write, so of the
 * live settle and any number of maintenance passes exactly one sends; a claim older than
 * DELIVERY_CLAIM_MS (its process stopped) may be taken over.
 */
export async function settleApproval(deps: ApprovalDeps, approvalId: string, now: Date = deps.clock.now()): Promise<SettleOutcome> {
  const approval = await claimApproval(deps.records, approvalId, (latest) =>
    deliveryClaimable(latest, now) ? { ...latest, delivery: { ...latest.delivery, claimedAt: now.toISOString() } } : undefined,
  );
  if (!approval) return "not_claimed";
  // The run's status and stage move through the lifecycle; settled already when an earlier attempt stopped before delivering.
  const settled = await settleApprovedRun(deps.runs, approval.runId, (stored) =>
    settledRun(stored, approval, deps.clock.now().toISOString()),
  );
  if (!settled) return recordDelivery(deps, approval, 0, new Error(`run ${approval.runId} of approval ${approval.id} is not stored`));
  const run = settled.state;
  if (settled.changed)
    await deps.transcripts
      .save(run)
      .catch((error: unknown) => deps.log(`approval ${approval.id}: transcript not saved: ${describeError(error)}`));

  const thread = approval.approverThread;
  if (thread?.serviceUrl) {
    const message = { serviceUrl: thread.serviceUrl, conversationId: thread.conversationId, activityId: thread.activityId };
    await sendWithRetry(() => deps.messaging.updateCard(message, outcomeCardFor(approval)), deps.sendRetry).catch((error: unknown) =>
      deps.log(`approval ${approval.id}: approver card not updated: ${describeError(error)}`),
    );
  }

  let attempts = 0;
  try {
    const reference = await deps.conversations.get(approval.requester.conversationId);
    if (!reference) throw new Error("no conversation reference is stored for the requester");
    const notice = requesterNoticeFor(approval);
    await sendWithRetry((attempt) => {
      attempts = attempt;
      return notice ? deps.messaging.sendTo(reference, notice) : deps.messaging.sendAnswer(reference, run);
    }, deps.sendRetry);
  } catch (error) {
    return recordDelivery(deps, approval, attempts, error);
  }
  return recordDelivery(deps, approval, attempts);
}

/**
 * Marks the delivery delivered, or failed with the cause. A failed pass counts as at least one
 * attempt even when nothing could be sent (no run, no conversation reference), so the maintenance
 * job's bound on attempts ends the retries of an approval that can never be delivered.
 */
async function recordDelivery(deps: ApprovalDeps, approval: Approval, attempts: number, failure?: unknown): Promise<SettleOutcome> {
  const at = deps.clock.now().toISOString();
  const counted = failure === undefined ? attempts : Math.max(1, attempts);
  await updateApproval(deps.records, approval.id, (latest) =>
    withAudit(
      {
        ...latest,
        delivery: {
          ...latest.delivery,
          status: failure === undefined ? "delivered" : "failed",
          attempts: latest.delivery.attempts + counted,
          ...(failure === undefined ? { deliveredAt: at } : {}),
        },
      },
      {
        at,
        actorAadObjectId: "procura",
        action: "deliver",
        outcome: failure === undefined ? "delivered" : "failed",
        detail: failure === undefined ? `${attempts} attempt(s)` : describeError(failure),
      },
    ),
  );
  if (failure === undefined) return "delivered";
  deps.log(`approval ${approval.id}: delivery to the requester failed: ${describeError(failure)}`);
  deps.telemetry.exception(failure, { correlationId: approval.id, runId: approval.runId, step: "approval:deliver" });
  return "failed";
}
