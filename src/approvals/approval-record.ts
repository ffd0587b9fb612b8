import { draftTextFromAnswer } from "../cards";
import { SystemError, approvalReasonsOf, questionToAnswer, type Approval, type ApprovalAuditEntry, type RunState } from "../domain";
import { updateVersioned, type VersionedUpdate } from "../workflow/versioned-update";
import type { ApprovalRecords } from "./ports";

/** The pending approval for a run paused with `awaiting_approval` (the run must have a draft answer). */
export function newApproval(state: RunState, now: Date, expireAfterMs: number): Approval {
  if (!state.answer || !state.requester)
    throw new SystemError(`Run ${state.runId} has no draft answer or requester to approve`, { runId: state.runId, step: "approval" });
  const at = now.toISOString();
  // The run's reference is the bot's, opaque here but for the asker's display name.
  const user = state.reference?.user as { name?: unknown } | undefined;
  const requesterName = typeof user?.name === "string" ? user.name : undefined;
  return {
    // One approval per run: the id is derived from the run, so asking twice never creates two.
    id: `approval-${state.runId}`,
    schemaVersion: 1,
    runId: state.runId,
    status: "pending",
    requester: state.requester,
    ...(requesterName ? { requesterName } : {}),
    // Approvers decide on the question as answered: a follow-up alone ("and with Nimbus?") would not say what.
    question: questionToAnswer(state),
    language: state.language,
    draft: state.answer,
    qscore: state.quality.finalScore ?? state.answer.qscore,
    specialists: state.decision?.selected ?? [],
    reasons: approvalReasonsOf(state),
    createdAt: at,
    expiresAt: new Date(now.getTime() + expireAfterMs).toISOString(),
    audit: [
      {
        at,
        actorAadObjectId: state.requester.aadObjectId ?? state.requester.userId,
        action: "request",
        outcome: "pending",
        detail: draftTextFromAnswer(state.answer),
      },
    ],
  };
}

/** Most audit entries an approval keeps: every click is a write, and the record must stay small to read and write. */
export const MAX_AUDIT_ENTRIES = 100;

/** Outcomes of clicks that are refused: counted per person, action and hour rather than appended one by one. */
const COUNTED_OUTCOMES = new Set(["refused", "invalid"]);
/** Outcomes of clicks that changed nothing: the first to go when the audit is full (decisions, expiry, delivery stay). */
const NO_CHANGE_OUTCOMES = new Set([...COUNTED_OUTCOMES, "already_decided"]);

/**
 * The approval with one more audit entry. A refused click adds to its person's counter for that
 * action and hour when there is one; when the audit is over its maximum length, the oldest entries
 * of clicks that changed nothing are dropped (and counted in `auditDropped`).
 */
export function withAudit(approval: Approval, entry: ApprovalAuditEntry): Approval {
  const counter = COUNTED_OUTCOMES.has(entry.outcome) ? approval.audit.findIndex((kept) => sameCounter(kept, entry)) : -1;
  const audit =
    counter >= 0
      ? approval.audit.map((kept, index) => (index === counter ? { ...kept, count: (kept.count ?? 1) + 1, lastAt: entry.at } : kept))
      : [...approval.audit, entry];
  let dropped = 0;
  while (audit.length > MAX_AUDIT_ENTRIES) {
    const oldest = audit.findIndex((kept) => NO_CHANGE_OUTCOMES.has(kept.outcome));
    if (oldest < 0) break;
    audit.splice(oldest, 1);
    dropped++;
  }
  return { ...approval, audit, ...(dropped > 0 ? { auditDropped: (approval.auditDropped ?? 0) + dropped } : {}) };
}

/** Same person, outcome and action, in the same UTC hour. */
function sameCounter(kept: ApprovalAuditEntry, entry: ApprovalAuditEntry): boolean {
  return (
    kept.actorAadObjectId === entry.actorAadObjectId &&
    kept.outcome === entry.outcome &&
    kept.action === entry.action &&
    kept.at.slice(0, 13) === entry.at.slice(0, 13)
  );
}

/** True when the review period of `approval` has ended at `now` (whether or not anything marked it expired). */
export function pastExpiry(approval: Approval, now: Date): boolean {
  return Date.parse(approval.expiresAt) <= now.getTime();
}

/** A pending approval expired at `at`, audited as done by Procura itself. */
export function expiredApproval(approval: Approval, at: string): Approval {
  return withAudit(
    { ...approval, status: "expired" },
    { at, actorAadObjectId: "procura", action: "expire", outcome: "expired", detail: `no decision by ${approval.expiresAt}` },
  );
}

/** How many times a conditional update re-reads after losing a race before giving up. */
const MAX_CONFLICTS = 8;

/**
 * Read-modify-write with an etag condition (`updateVersioned`): `change` sees the latest record and
 * returns the new one (or undefined to leave it as it is); on a conflict it runs again on a fresh
 * read. Returns the stored result and whether this call wrote it; undefined when the approval does
 * not exist (an approval is only ever created by `requestApproval`, never here).
 */
export async function updateApproval(
  records: ApprovalRecords,
  id: string,
  change: (approval: Approval) => Approval | undefined,
): Promise<VersionedUpdate<Approval> | undefined> {
  return updateVersioned<Approval>(
    { read: () => records.get(id), write: (approval, etag) => (etag ? records.replace(approval, etag) : records.create(approval)) },
    (approval) => approval && change(approval),
    {
      attempts: MAX_CONFLICTS,
      gaveUp: () => new SystemError(`Approval ${id} kept changing under ${MAX_CONFLICTS} conditional writes`, { step: "approval" }),
    },
  );
}

/**
 * An etag-conditional claim: `change` returns the claimed record, or undefined when there is
 * nothing to claim. Returns the stored record when this call made the change, else undefined (a
 * concurrent caller claimed it first, or it no longer qualifies).
 */
export async function claimApproval(
  records: ApprovalRecords,
  id: string,
  change: (approval: Approval) => Approval | undefined,
): Promise<Approval | undefined> {
  const result = await updateApproval(records, id, change);
  return result?.written ? result.current.value : undefined;
}
