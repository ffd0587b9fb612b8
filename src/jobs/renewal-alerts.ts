import { approversOf, channelTarget, resolveApproverChannel, type ApprovalMessaging, type ChannelTarget } from "../approvals";
import type { AppConfig } from "../config";
import { describeError, renewalAlertId, systemClock, type Clock, type Log, type RenewalAlert } from "../domain";
import type { CosmosStore } from "../storage";
import { Messenger } from "../teams/messenger";
import { resolveBotIdentity } from "../teams/bot-identity";
import { renewalAlertCard } from "../teams/renewal-alerts";
import { createTeamsAdapter } from "../teams/teams-adapter";
import type { Telemetry } from "../telemetry";
import { renewalsDue } from "../tools";
import { toIsoDate } from "../tools/iso-date";
import { withJobContext } from "./job-context";

/** A claim still `pending` this long belongs to an instance that stopped before posting: another pass takes it over. */
const CLAIM_TIMEOUT_MS = 10 * 60_000;

export interface RenewalAlertsContext {
  /** `renewalAlerts`: create-if-absent claims, etag-conditional changes. */
  store: Pick<CosmosStore, "renewalAlerts" | "settings" | "toolData">;
  messaging: Pick<ApprovalMessaging, "postThread">;
  telemetry: Pick<Telemetry, "event">;
  clock: Clock;
  log: Log;
}

/**
 * RENEWALS_CHANNEL_ID (via RENEWALS_SERVICE_URL, else the approver channel's serviceUrl), else the approver channel; a string says why
 * none.
 */
async function renewalsChannel(env: AppConfig["env"], settings: CosmosStore["settings"]): Promise<ChannelTarget | string> {
  const configured = approversOf(env);
  const approvers = await resolveApproverChannel(configured, settings);
  const channel = env.RENEWALS_CHANNEL_ID
    ? {
        channelId: env.RENEWALS_CHANNEL_ID,
        serviceUrl: env.RENEWALS_SERVICE_URL ?? approvers?.serviceUrl,
        ...(configured.tenantId ? { tenantId: configured.tenantId } : {}),
      }
    : approvers;
  if (!channel) return "no procurement channel: set RENEWALS_CHANNEL_ID, or choose an approver channel with `approvers here`";
  return channelTarget(channel, undefined) ?? `no serviceUrl for channel ${channel.channelId}: set RENEWALS_SERVICE_URL`;
}

/**
 * One pass on an opened context: each renewal due within RENEWAL_ALERT_DAYS is claimed (create-if-absent), posted in RENEWALS_LANGUAGE and
 * recorded `posted`: one card per contract and deadline across instances. A stop between Teams accepting and the write may post twice,
 * never lose.
 */
export async function runRenewalAlerts(config: Pick<AppConfig, "env">, context: RenewalAlertsContext) {
  const target = await renewalsChannel(config.env, context.store.settings);
  if (typeof target === "string") return { skipped: target };
  // Cards posted now, alerts another instance or run already holds, posts that failed (retried on a later pass).
  const result = { posted: 0, alreadyHeld: 0, failed: 0 };
  for (const due of await renewalsDue(context.store.toolData, toIsoDate(context.clock.now()), config.env.RENEWAL_ALERT_DAYS)) {
    const claim = await claimAlert(context, {
      id: renewalAlertId(due.contractId, due.noticeDeadline),
      due,
      state: "pending",
      claimedAt: context.clock.now().toISOString(),
      language: config.env.RENEWALS_LANGUAGE,
    });
    if (!claim) {
      result.alreadyHeld++;
      continue;
    }
    try {
      const thread = await context.messaging.postThread(target, renewalAlertCard(claim.alert));
      await context.store.renewalAlerts.replace({ ...claim.alert, state: "posted", thread }, claim.etag);
      context.telemetry.event("RenewalAlert", { action: "sent", contractId: due.contractId, daysLeft: due.daysLeft });
      result.posted++;
    } catch (error) {
      context.log(`renewal alert ${claim.alert.id} not posted, retried on a later pass: ${describeError(error)}`);
      result.failed++;
    }
  }
  return result;
}

async function claimAlert(context: RenewalAlertsContext, alert: RenewalAlert): Promise<{ alert: RenewalAlert; etag: string } | undefined> {
  const alerts = context.store.renewalAlerts;
  const created = await alerts.create(alert);
  if (created.kind === "written") return { alert, etag: created.etag };
  const held = await alerts.get(alert.id);
  if (held?.value.state !== "pending" || Date.parse(alert.claimedAt) - Date.parse(held.value.claimedAt) < CLAIM_TIMEOUT_MS)
    return undefined;
  // A stale claim: of the passes that find it, the one whose conditional write wins posts the card.
  const taken = { ...held.value, due: alert.due, claimedAt: alert.claimedAt };
  const replaced = await alerts.replace(taken, held.etag);
  return replaced.kind === "written" ? { alert: taken, etag: replaced.etag } : undefined;
}

/** One pass outside the bot (the Functions timer), with the bot's identity to reach the channel. */
export async function runRenewalAlertsOnce(config: AppConfig, options: { log: Log }) {
  const identity = resolveBotIdentity(config.env, options.log);
  return withJobContext(config, options.log, ({ store, telemetry }) =>
    runRenewalAlerts(config, {
      store,
      messaging: new Messenger(createTeamsAdapter(identity), identity.appId),
      telemetry,
      clock: systemClock,
      log: options.log,
    }),
  );
}
