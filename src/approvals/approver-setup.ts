import { describeError } from "../domain";
import { resolveApproverChannel, type ApproverChannel, type ApproverConfig } from "./approver-channel";
import type { SettingsStore } from "./ports";

/**
 * What keeps approvals from working, one line each (empty when nothing does): no approver channel
 * and no admin who may choose one, or nobody who may decide. A start banner shows them, so an
 * empty deployment parameter is seen at once rather than when the first answer waits.
 */
function approverSetupGaps(approvers: ApproverConfig, channel: ApproverChannel | undefined): string[] {
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

/** The gaps of the approvals setup as configured and stored now (the channel may have been chosen in Teams). */
export async function currentApproverSetupGaps(approvers: ApproverConfig, settings: SettingsStore): Promise<string[]> {
  try {
    return approverSetupGaps(approvers, await resolveApproverChannel(approvers, settings));
  } catch (error) {
    return [`approvals: the stored approver channel could not be read (${describeError(error)})`];
  }
}
