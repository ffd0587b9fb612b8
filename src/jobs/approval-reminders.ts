import { approvalCardFor } from "../approvals/approval-cards";
import { updateApproval, withAudit } from "../approvals/approval-record";
import { approvalRepliesFor } from "../approvals/approval-replies";
import type { ApprovalDeps } from "../approvals/deps";
import type { VersionedApproval } from "../approvals/ports";
import { postApprovalThread } from "../approvals/post-approval-thread";
import { settleApproval } from "../approvals/settle-approval";
import { describeError, type Approval } from "../domain";

/** What one maintenance pass did. */
export interface MaintenanceResult {
  reminded: number;
  expired: number;
  /** Approvals that had no thread yet and were posted instead of reminded. */
  posted: number;
  failed: number;
}

/**
 * One pass over pending approvals that are due: past `expiresAt` → expired (approver card replaced
 * with the expired outcome, the requester gets the expiry notice); past the reminder age → one
 * reminder (the card updated with the reminder line and a reply in its thread). Each change is an
 * etag-conditional claim first, so two schedulers running at once act on each approval once.
 */
export async function runApprovalMaintenance(deps: ApprovalDeps, now: Date): Promise<MaintenanceResult> {
  const result: MaintenanceResult = { reminded: 0, expired: 0, posted: 0, failed: 0 };
  for (const due of await deps.records.listDue(now)) {
    try {
      const outcome = Date.parse(due.approval.expiresAt) <= now.getTime() ? await expire(deps, due, now) : await remind(deps, due, now);
      if (outcome) result[outcome]++;
    } catch (error) {
      result.failed++;
      deps.log(`approval ${due.approval.id}: maintenance failed: ${describeError(error)}`);
      deps.telemetry.exception(error, { correlationId: due.approval.id, runId: due.approval.runId, step: "approval:maintenance" });
    }
  }
  return result;
}

/** Claims the approval with `change`; true when this call made the change (nobody else did). */
async function claim(deps: ApprovalDeps, approval: Approval, change: (latest: Approval) => Approval | undefined): Promise<Approval | undefined> {
  let changed = false;
  const written = await updateApproval(deps.records, approval.id, (latest) => {
    const next = change(latest);
    changed = next !== undefined;
    return next;
  });
  return written?.written && changed ? written.current.approval : undefined;
}

async function expire(deps: ApprovalDeps, due: VersionedApproval, now: Date): Promise<"expired" | undefined> {
  const at = now.toISOString();
  const expired = await claim(deps, due.approval, (latest) =>
    latest.status === "pending"
      ? withAudit({ ...latest, status: "expired" }, { at, actorAadObjectId: "procura", action: "expire", outcome: "expired", detail: `no decision by ${latest.expiresAt}` })
      : undefined,
  );
  if (!expired) return undefined;
  deps.telemetry.approvalDecided({ approvalId: expired.id, runId: expired.runId, decision: "expired", waitMs: now.getTime() - Date.parse(expired.createdAt) });
  await settleApproval(deps, expired.id);
  return "expired";
}

async function remind(deps: ApprovalDeps, due: VersionedApproval, now: Date): Promise<"reminded" | "posted" | undefined> {
  const at = now.toISOString();
  const claimed = await claim(deps, due.approval, (latest) =>
    latest.status === "pending" && latest.remindedAt === undefined
      ? withAudit({ ...latest, remindedAt: at }, { at, actorAadObjectId: "procura", action: "remind", outcome: "reminded", detail: `waiting since ${latest.createdAt}` })
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
  await deps.messaging.replyInThread(posted, approvalRepliesFor(claimed.language).reminder(claimed.expiresAt.replace("T", " ").replace(/\.\d+Z$/, "")));
  return "reminded";
}
