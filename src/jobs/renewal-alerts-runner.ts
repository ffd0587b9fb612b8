import { channelTarget, resolveApproverChannel, type ChannelTarget } from "../approvals";
import type { AppConfig } from "../config";
import { systemClock, type Clock, type Log } from "../domain";
import type { CosmosStore } from "../storage";
import { TeamsApprovalMessaging, type ApprovalAdapter } from "../teams/approval-messaging";
import { resolveBotIdentity } from "../teams/bot-identity";
import { renewalAlertCard } from "../teams/renewal-alerts";
import { createTeamsAdapter } from "../teams/teams-adapter";
import type { Telemetry } from "../telemetry";
import { renewalsDue } from "../tools";
import { toIsoDate } from "../tools/iso-date";
import { withJobContext } from "./job-context";
import { postRenewalAlerts, type RenewalAlertsResult } from "./renewal-alerts";

const CLAIM_TIMEOUT_MS = 10 * 60_000;

export interface RenewalAlertsContext {
  store: Pick<CosmosStore, "renewalAlerts" | "settings" | "toolData">;
  adapter: ApprovalAdapter;
  botAppId: string | undefined;
  telemetry: Pick<Telemetry, "renewalAlert">;
  clock: Clock;
  log: Log;
}

/** RENEWALS_CHANNEL_ID (via RENEWALS_SERVICE_URL, else the approver channel's serviceUrl), else the approver channel; a string says why none. */
async function renewalsChannel(env: AppConfig["env"], settings: CosmosStore["settings"]): Promise<ChannelTarget | string> {
  const tenantId = env.APPROVER_TENANT_ID ?? env.BOT_TENANT_ID;
  const approvers = await resolveApproverChannel(
    {
      ...(env.APPROVER_TEAM_ID ? { teamId: env.APPROVER_TEAM_ID } : {}),
      ...(env.APPROVER_CHANNEL_ID ? { channelId: env.APPROVER_CHANNEL_ID } : {}),
      ...(tenantId ? { tenantId } : {}),
    },
    settings,
  );
  const channel = env.RENEWALS_CHANNEL_ID
    ? {
        channelId: env.RENEWALS_CHANNEL_ID,
        serviceUrl: env.RENEWALS_SERVICE_URL ?? approvers?.serviceUrl,
        ...(tenantId ? { tenantId } : {}),
      }
    : approvers;
  if (!channel) return "no procurement channel: set RENEWALS_CHANNEL_ID, or choose an approver channel with `approvers here`";
  return channelTarget(channel, undefined) ?? `no serviceUrl for channel ${channel.channelId}: set RENEWALS_SERVICE_URL`;
}

/** One pass on an opened context: renewals due within RENEWAL_ALERT_DAYS, each posted once in RENEWALS_LANGUAGE. */
export async function runRenewalAlerts(
  config: Pick<AppConfig, "env">,
  context: RenewalAlertsContext,
): Promise<RenewalAlertsResult | { skipped: string }> {
  const target = await renewalsChannel(config.env, context.store.settings);
  if (typeof target === "string") return { skipped: target };
  const messaging = new TeamsApprovalMessaging(context.adapter, context.botAppId);
  return postRenewalAlerts({
    due: () => renewalsDue(context.store.toolData, toIsoDate(context.clock.now()), config.env.RENEWAL_ALERT_DAYS),
    alerts: context.store.renewalAlerts,
    post: (alert) => messaging.postThread(target, renewalAlertCard(alert)),
    telemetry: context.telemetry,
    language: config.env.RENEWALS_LANGUAGE,
    clock: context.clock,
    log: context.log,
    claimTimeoutMs: CLAIM_TIMEOUT_MS,
  });
}

/** One pass outside the bot (the Functions timer), with the bot's identity to reach the channel. */
export async function runRenewalAlertsOnce(config: AppConfig, options: { log: Log }): Promise<RenewalAlertsResult | { skipped: string }> {
  const identity = resolveBotIdentity(config.env, options.log);
  return withJobContext(config, options.log, ({ store, telemetry }) =>
    runRenewalAlerts(config, {
      store,
      adapter: createTeamsAdapter(identity),
      botAppId: identity.appId,
      telemetry,
      clock: systemClock,
      log: options.log,
    }),
  );
}
