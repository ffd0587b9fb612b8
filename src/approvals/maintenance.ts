import { approvalCardFor } from "./approval-cards";
import { claimApproval, expiredApproval, pastExpiry, withAudit } from "./approval-record";
import type { ApprovalDeps } from "./ports";
import type { Versioned } from "../workflow/ports";
import type { AppConfig } from "../config";
import { postApprovalThread } from "./request-approval";
import { describeError, stringsFor, type Approval, type Log } from "../domain";

/**
 * How long a settled approval's run may wait for its queue message before a pass queues it again:
 * far longer than a queued message waits for a worker, so a message on its way is not doubled.
 */
export const REQUEUE_AFTER_MS = 10 * 60_000;

/**
 * One pass over approvals that need the scheduler. Pending ones that are due: past `expiresAt` →
 * expired, and handed to the run queue (a worker ends the run with the expiry notice, and the
 * approver card then shows the outcome); past the reminder age → one reminder (the card updated
 * with the reminder line and a reply in its thread). Settled ones whose run still waits
 * REQUEUE_AFTER_MS later (the decision was stored but its queue message could not be sent) →
 * queued again. A message already taken is redelivered by the queue itself, never from here. Each
 * change is an etag-conditional claim first, so two schedulers running at once act on each once.
 */
export async function runApprovalMaintenance(deps: ApprovalDeps, now: Date) {
  // `posted`: approvals that had no thread yet, posted instead of reminded; `requeued`: settled ones whose run still waited.
  const result = { reminded: 0, expired: 0, posted: 0, requeued: 0, failed: 0 };
  const each = async (items: Versioned<Approval>[], act: (item: Versioned<Approval>) => Promise<keyof typeof result | undefined>) => {
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
  await each(await deps.records.listOutcomeNotShown(new Date(now.getTime() - REQUEUE_AFTER_MS)), (settled) => requeue(deps, settled));
  return result;
}

async function requeue(deps: ApprovalDeps, settled: Versioned<Approval>): Promise<"requeued" | undefined> {
  const { value: approval } = settled;
  const run = (await deps.runs.read(approval.runId))?.value;
  if (run?.state.status !== "awaiting_approval") return undefined;
  await deps.continueRun(approval.id);
  deps.log(`approval ${approval.id}: its run still waited for the decision; queued again`);
  return "requeued";
}

async function expire(deps: ApprovalDeps, due: Versioned<Approval>, now: Date): Promise<"expired" | undefined> {
  const at = now.toISOString();
  const expired = await claimApproval(deps.records, due.value.id, (latest) =>
    latest.status === "pending" ? expiredApproval(latest, at) : undefined,
  );
  if (!expired) return undefined;
  deps.telemetry.event("ApprovalDecided", {
    approvalId: expired.id,
    runId: expired.runId,
    decision: "expired",
    waitMs: now.getTime() - Date.parse(expired.createdAt),
  });
  await deps.continueRun(expired.id);
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
  if (!thread) {
    // Never posted (no channel yet, or Teams failed): the reminder is the first post.
    return (await postApprovalThread(deps, claimed, run)) === "posted" ? "posted" : undefined;
  }
  await deps.messaging.updateCard(thread, approvalCardFor(claimed, run, deps.cards, claimed.createdAt));
  await deps.messaging.replyInThread(
    thread,
    stringsFor(claimed.language).approvals.reminder(claimed.expiresAt.replace("T", " ").replace(/\.\d+Z$/, "")),
  );
  return "reminded";
}

/** How often the bot process runs the job when it is the scheduler. */
const APPROVAL_MAINTENANCE_INTERVAL_MS = 60_000;

/**
 * Runs `job` every `intervalMs` in this process when `mode` is `bot` (otherwise the Functions timer,
 * or nobody, runs it). Passes never overlap; a failed pass is logged and the next one runs.
 * Returns a stop function that waits for a pass in progress.
 */
export function startApprovalScheduler(
  mode: AppConfig["env"]["APPROVAL_SCHEDULER"],
  job: () => Promise<unknown>,
  options: { intervalMs?: number; log: Log },
): () => Promise<void> {
  if (mode !== "bot") return async () => undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = job()
      .then(() => undefined)
      .catch((error: unknown) => options.log(`approval maintenance failed: ${describeError(error)}`))
      .finally(() => (running = undefined));
  };
  const timer = setInterval(tick, options.intervalMs ?? APPROVAL_MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
