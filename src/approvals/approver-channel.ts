import { z } from "zod";
import { describeError } from "../domain";
import type { ApproverConfig } from "./create-approvals";
import type { ChannelTarget, SettingsStore } from "./ports";

/** The settings key under which `approvers here` stores the approver channel. */
export const APPROVER_CHANNEL_SETTING = "approverChannel";

/** The approver channel chosen in Teams with `approvers here`. */
const StoredApproverChannelSchema = z.object({
  teamId: z.string().min(1),
  channelId: z.string().min(1),
  serviceUrl: z.string().url(),
  tenantId: z.string().optional(),
  setByAadObjectId: z.string(),
  setAt: z.string(),
});
export type StoredApproverChannel = z.infer<typeof StoredApproverChannelSchema>;

/** Where approvals go and which team's members may decide; the serviceUrl may still be unknown. */
export type ApproverChannel = Pick<StoredApproverChannel, "channelId"> &
  Partial<Pick<StoredApproverChannel, "teamId" | "serviceUrl" | "tenantId">>;

/**
 * The approver channel: the one an admin chose with `approvers here` (the latest explicit choice
 * wins), else APPROVER_CHANNEL_ID (with APPROVER_TEAM_ID and APPROVER_TENANT_ID); undefined when neither exists.
 */
export async function resolveApproverChannel(
  config: Pick<ApproverConfig, "teamId" | "channelId" | "tenantId">,
  settings: SettingsStore,
): Promise<ApproverChannel | undefined> {
  const stored = await settings.get(APPROVER_CHANNEL_SETTING, StoredApproverChannelSchema);
  if (stored) {
    const { teamId, channelId, serviceUrl, tenantId } = stored;
    return { teamId, channelId, serviceUrl, ...(tenantId ? { tenantId } : {}) };
  }
  if (!config.channelId) return undefined;
  return {
    ...(config.teamId ? { teamId: config.teamId } : {}),
    channelId: config.channelId,
    ...(config.tenantId ? { tenantId: config.tenantId } : {}),
  };
}

/** The channel as a post target, using `fallbackServiceUrl` (the requester's) when none is stored. */
export function channelTarget(
  channel: Pick<ApproverChannel, "channelId" | "serviceUrl" | "tenantId">,
  fallbackServiceUrl: string | undefined,
): ChannelTarget | undefined {
  const serviceUrl = channel.serviceUrl ?? fallbackServiceUrl;
  if (!serviceUrl) return undefined;
  return { serviceUrl, channelId: channel.channelId, ...(channel.tenantId ? { tenantId: channel.tenantId } : {}) };
}

/**
 * What keeps approvals from working with this configuration and the channel stored now (it may have been chosen in Teams), one line
 * each (empty when nothing does): no approver channel and no admin who may choose one, or nobody who may decide. A start banner shows
 * them, so an empty deployment parameter is seen at once rather than when the first answer waits.
 */
export async function currentApproverSetupGaps(approvers: ApproverConfig, settings: SettingsStore): Promise<string[]> {
  const channel = await resolveApproverChannel(approvers, settings).catch((error: unknown) => describeError(error));
  if (typeof channel === "string") return [`approvals: the stored approver channel could not be read (${channel})`];
  const gaps: string[] = [];
  if (!channel)
    gaps.push(
      approvers.adminAadIds.length === 0
        ? "approvals: no approver channel is configured (APPROVER_CHANNEL_ID, APPROVER_TEAM_ID) and no admin may choose one (APPROVER_ADMIN_AAD_IDS is empty): answers that need approval wait"
        : "approvals: no approver channel yet: an admin listed in APPROVER_ADMIN_AAD_IDS chooses one with `approvers here`; until then answers that need approval wait",
    );
  if (approvers.aadIds.length === 0 && (channel?.teamId ?? approvers.teamId) === undefined)
    gaps.push("approvals: nobody may decide: APPROVER_AAD_IDS is empty and no approver team is known (APPROVER_TEAM_ID)");
  return gaps;
}
