import type { Language } from "../domain";
import { stringsFor } from "../domain";
import { APPROVER_CHANNEL_SETTING, type StoredApproverChannel } from "./approver-channel";
import type { Actor, ApprovalDeps, TeamMembership } from "./ports";
import { postApprovalThread } from "./post-approval-thread";

/** An `approvers here` message: who sent it, and from which channel (undefined outside a team channel). */
export interface ApproverChannelCommand {
  actor: Actor;
  membership: TeamMembership;
  language: Language;
  channel?: { teamId: string; channelId: string; serviceUrl: string; tenantId?: string };
}

/**
 * `approvers here`: makes the channel the message came from the approver channel (stored in
 * settings, so every instance and restart sees it), then posts approvals still waiting for a channel.
 * The channel's team decides approvals, so only an admin listed in APPROVER_ADMIN_AAD_IDS may run it, from
 * the approvers' tenant when one is configured (APPROVER_TENANT_ID, else BOT_TENANT_ID); with no admin
 * listed, nobody may (the channel is then configuration: APPROVER_TEAM_ID, APPROVER_CHANNEL_ID).
 */
export async function setApproverChannel(deps: ApprovalDeps, command: ApproverChannelCommand): Promise<string> {
  const replies = stringsFor(command.language).approvals;
  if (!command.channel) return replies.channelCommandNotInChannel;
  const admins = deps.approvers.adminAadIds;
  if (command.actor.aadObjectId === "" || !admins.includes(command.actor.aadObjectId)) {
    deps.log(`approvers here refused: ${admins.length === 0 ? "APPROVER_ADMIN_AAD_IDS is empty" : "not in APPROVER_ADMIN_AAD_IDS"}`);
    return admins.length === 0 ? replies.channelCommandNoAdmins : replies.channelCommandRefused;
  }
  const tenant = deps.approvers.tenantId;
  if (tenant !== undefined && command.actor.tenantId !== tenant) {
    deps.log(`approvers here refused: tenant ${command.actor.tenantId ?? "(none)"} is not the tenant ${tenant}`);
    return replies.channelCommandRefused;
  }
  const stored: StoredApproverChannel = {
    ...command.channel,
    setByAadObjectId: command.actor.aadObjectId,
    setAt: deps.clock.now().toISOString(),
  };
  await deps.settings.set(APPROVER_CHANNEL_SETTING, stored);
  deps.log(`approver channel set to ${stored.channelId} (team ${stored.teamId}) by an admin`);
  return replies.channelSet(await postWaiting(deps));
}

/** Posts every pending approval that has no thread yet; returns how many were posted. */
async function postWaiting(deps: ApprovalDeps): Promise<number> {
  let posted = 0;
  for (const { value: approval } of await deps.records.listPending()) {
    if (approval.approverThread) continue;
    const run = await deps.runs.load(approval.runId);
    if (!run) continue;
    if ((await postApprovalThread(deps, approval, run, run.reference)) === "posted") posted++;
  }
  return posted;
}
