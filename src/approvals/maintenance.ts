import { approvalCardFor } from "./approval-cards";
import { claimApproval, expiredApproval, pastExpiry, withAudit } from "./approval-record";
import { approvalRepliesFor } from "./approval-replies";
import type { ApprovalDeps } from "./deps";
import type { Versioned } from "../workflow/ports";
import { postApprovalThread } from "./post-approval-thread";
import { DELIVERY_CLAIM_MS, settleApproval } from "./settle-approval";
import { describeError, type Approval } from "../domain";

/** What one maintenance pass did. */
export interface MaintenanceResult {
  reminded: number;
  expired: number;
  /** Approvals that had no thread yet and were posted instead of reminded. */
  posted: number;
  /** Settled approvals whose delivery a stopped process (or a failing Teams) left undone, now delivered. */
  redelivered: number;
  failed: number;
}

/** Sends to the requester (over all passes) after which an undelivered approval is left for operators. */
export const MAX_DELIVERY_ATTEMPTS = 20;

/**
 * One pass over approvals that need the scheduler. Pending ones that are due: past `expiresAt` →
 * expired (approver card replaced with the expired outcome, the requester gets the expiry notice);
 * past the reminder age → one reminder (the card updated with the reminder line and a reply in its
 * thread). Settled ones whose delivery was left undone (the process stopped between the decision
 * and the send, or Teams kept failing) and untouched for DELIVERY_CLAIM_MS → delivered again. Each
 * change is an etag-conditional claim first, so two schedulers running at once act on each once.
 */
export async function runApprovalMaintenance(deps: ApprovalDeps, now: Date): Promise<MaintenanceResult> {
  const result: MaintenanceResult = { reminded: 0, expired: 0, posted: 0, redelivered: 0, failed: 0 };
  const each = async (items: Versioned<Approval>[], act: (item: Versioned<Approval>) => Promise<keyof MaintenanceResult | undefined>) => {
    for (const item of items) {
      try {
        const outcome = await act(item);
        if (outcome) result[outcome]++;
      } catch (error) {
        result.failed++;
        deps.log(`approval ${item.value.id}: maintenance failed: ${describeError(error)}`);
        deps.telemetry.exception(error, { correlationId: item.value.id, runId: item.value.runId, step: "approval:maintenance" });
      }
    }
  };
  await each(await deps.records.listDue(now), (due) => (pastExpiry(due.value, now) ? expire(deps, due, now) : remind(deps, due, now)));
  await each(await deps.records.listUndelivered(new Date(now.getTime() - DELIVERY_CLAIM_MS), MAX_DELIVERY_ATTEMPTS), (undelivered) =>
    redeliver(deps, undelivered, now),
  );
  return result;
}

async function redeliver(deps: ApprovalDeps, undelivered: Versioned<Approval>, now: Date): Promise<"redelivered" | "failed" | undefined> {
  const { value: approval } = undelivered;
  const outcome = await settleApproval(deps, approval.id, now);
  if (outcome === "delivered")
    deps.log(
      `approval ${approval.id}: delivery left ${approval.delivery.status} after ${approval.delivery.attempts} attempt(s) is now done`,
    );
  return outcome === "delivered" ? "redelivered" : outcome === "failed" ? "failed" : undefined;
}

async function expire(deps: ApprovalDeps, due: Versioned<Approval>, now: Date): Promise<"expired" | undefined> {
  const at = now.toISOString();
  const expired = await claimApproval(deps.records, due.value.id, (latest) =>
    latest.status === "pending" ? expiredApproval(latest, at) : undefined,
  );
  if (!expired) return undefined;
  deps.telemetry.approvalDecided({
    approvalId: expired.id,
    runId: expired.runId,
    decision: "expired",
    waitMs: now.getTime() - Date.parse(expired.createdAt),
  });
  await settleApproval(deps, expired.id, now);
  return "expired";
}

async function remind(deps: ApprovalDeps, due: Versioned<Approval>, now: Date): Promise<"reminded" | "posted" | undefined> {
  const at = now.toISOString();
  const claimed = await claimApproval(deps.records, due.value.id, (latest) =>
    latest.status === "pending" && latest.remindedAt === undefined
      ? withAudit(
          { ...latest, remindedAt: at },
          { at, actorAadObjectId: "procura", action: "remind", outcome: "reminded", detail: `waiting since ${latest.createdAt}` },
        )
      : undefined,
  );
  if (!claimed) return undefined;
  const run = await deps.runs.load(claimed.runId);
  if (!run) throw new Error(`run ${claimed.runId} is not stored`);
  const thread = claimed.approverThread;
  if (!thread?.serviceUrl) {
    // Never posted (no channel yet, or Teams failed): the reminder is the first post.
    const reference = await deps.conversations.get(claimed.requester.conversationId);
    return (await postApprovalThread(deps, claimed, run, reference?.serviceUrl)) === "posted" ? "posted" : undefined;
  }
  const posted = { serviceUrl: thread.serviceUrl, conversationId: thread.conversationId, activityId: thread.activityId };
  await deps.messaging.updateCard(posted, approvalCardFor(claimed, run, deps.cards, claimed.createdAt));
  await deps.messaging.replyInThread(
    posted,
    approvalRepliesFor(claimed.language).reminder(claimed.expiresAt.replace("T", " ").replace(/\.\d+Z$/, "")),
  );
  return "reminded";
}
