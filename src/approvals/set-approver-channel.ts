import type { Language } from "../domain";
import { approvalRepliesFor } from "./approval-replies";
import { APPROVER_CHANNEL_SETTING, resolveApproverChannel, type StoredApproverChannel } from "./approver-channel";
import { authorizeApprover } from "./authorize";
import type { ApprovalDeps } from "./deps";
import type { Actor, TeamMembership } from "./ports";
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
 * Who may run it: anyone listed in APPROVER_AAD_IDS or a member of the current approver team; while
 * neither exists (a fresh install with no approvers configured) anyone may, to bootstrap.
 */
export async function setApproverChannel(deps: ApprovalDeps, command: ApproverChannelCommand): Promise<string> {
  const replies = approvalRepliesFor(command.language);
  if (!command.channel) return replies.channelCommandNotInChannel;
  const current = await resolveApproverChannel(deps.approvers, deps.settings);
  const teamId = current?.teamId;
  const bootstrap = deps.approvers.aadIds.length === 0 && teamId === undefined;
  if (!bootstrap) {
    const authorization = await authorizeApprover(
      { aadIds: deps.approvers.aadIds, ...(teamId ? { teamId } : {}) },
      command.actor,
      undefined,
      command.membership,
    );
    if (!authorization.ok) {
      deps.log(`approvers here refused: ${authorization.why}`);
      return replies.channelCommandRefused;
    }
  }
  const stored: StoredApproverChannel = {
    ...command.channel,
    setByAadObjectId: command.actor.aadObjectId,
    setAt: deps.clock.now().toISOString(),
  };
  await deps.settings.set(APPROVER_CHANNEL_SETTING, stored);
  deps.log(
    `approver channel set to ${stored.channelId} (team ${stored.teamId})${bootstrap ? " by bootstrap: no approvers were configured" : ""}`,
  );
  return replies.channelSet(await postWaiting(deps));
}

/** Posts every pending approval that has no thread yet; returns how many were posted. */
async function postWaiting(deps: ApprovalDeps): Promise<number> {
  let posted = 0;
  for (const { approval } of await deps.records.listPending()) {
    if (approval.approverThread) continue;
    const run = await deps.runs.load(approval.runId);
    if (!run) continue;
    const reference = await deps.conversations.get(approval.requester.conversationId);
    if ((await postApprovalThread(deps, approval, run, reference?.serviceUrl)) === "posted") posted++;
  }
  return posted;
}
