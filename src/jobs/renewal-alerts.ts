import { describeError, renewalAlertId, type Clock, type Language, type Log, type RenewalAlert, type RenewalDue } from "../domain";
import type { PostedMessage } from "../approvals";
import type { ConditionalWrite, Versioned } from "../workflow/ports";
import type { Telemetry } from "../telemetry";

export interface RenewalAlertsDeps {
  due: () => Promise<RenewalDue[]>;
  /** The `renewalAlerts` container: create-if-absent claims, etag-conditional changes. */
  alerts: {
    create(alert: RenewalAlert): Promise<ConditionalWrite>;
    get(id: string): Promise<Versioned<RenewalAlert> | undefined>;
    replace(alert: RenewalAlert, etag: string): Promise<ConditionalWrite>;
  };
  /** Posts the alert's card as a new thread in the procurement channel; throws when it was not posted. */
  post: (alert: RenewalAlert) => Promise<PostedMessage>;
  telemetry: Pick<Telemetry, "renewalAlert">;
  language: Language;
  clock: Clock;
  log: Log;
  /** A claim still `pending` this long belongs to an instance that stopped before posting: another pass takes it over. */
  claimTimeoutMs: number;
}

/** What a pass did: cards posted now, alerts another instance or run already holds, posts that failed (retried on a later pass). */
export interface RenewalAlertsResult {
  posted: number;
  alreadyHeld: number;
  failed: number;
}

/** Claim (create-if-absent), post, record `posted`: one card per contract and deadline across instances. A stop between Teams accepting and the write may post twice, never lose. */
export async function postRenewalAlerts(deps: RenewalAlertsDeps): Promise<RenewalAlertsResult> {
  const result: RenewalAlertsResult = { posted: 0, alreadyHeld: 0, failed: 0 };
  for (const due of await deps.due()) {
    const claim = await claimAlert(deps, due);
    if (!claim) {
      result.alreadyHeld++;
      continue;
    }
    try {
      const thread = await deps.post(claim.alert);
      await deps.alerts.replace({ ...claim.alert, state: "posted", thread }, claim.etag);
      deps.telemetry.renewalAlert({ action: "sent", contractId: due.contractId, daysLeft: due.daysLeft });
      result.posted++;
    } catch (error) {
      deps.log(`renewal alert ${claim.alert.id} not posted, retried on a later pass: ${describeError(error)}`);
      result.failed++;
    }
  }
  return result;
}

async function claimAlert(deps: RenewalAlertsDeps, due: RenewalDue): Promise<{ alert: RenewalAlert; etag: string } | undefined> {
  const now = deps.clock.now();
  const alert: RenewalAlert = {
    id: renewalAlertId(due.contractId, due.noticeDeadline),
    due,
    state: "pending",
    claimedAt: now.toISOString(),
    language: deps.language,
  };
  const created = await deps.alerts.create(alert);
  if (created.kind === "written") return { alert, etag: created.etag };
  const held = await deps.alerts.get(alert.id);
  if (held?.value.state !== "pending" || now.getTime() - Date.parse(held.value.claimedAt) < deps.claimTimeoutMs) return undefined;
  // A stale claim: of the passes that find it, the one whose conditional write wins posts the card.
  const taken = { ...held.value, due, claimedAt: alert.claimedAt };
  const replaced = await deps.alerts.replace(taken, held.etag);
  return replaced.kind === "written" ? { alert: taken, etag: replaced.etag } : undefined;
}
