import type { Requester } from "../domain";
import type { ApproverChannel } from "./approver-channel";
import type { ApproverConfig } from "./create-approvals";
import type { Actor, TeamMembership } from "./ports";

/** Why someone may act, or why not (log- and audit-safe: no names). */
export type Authorization = { ok: true; via: "aad_id" | "team_member" } | { ok: false; why: string };

/**
 * Decides whether `actor` may act as an approver in `tenantId` (the requester's for a decision, the
 * approver channel's for the history): the same tenant, always compared (a tenant that is not known
 * matches only an actor without one, as in a local client), and either listed in APPROVER_AAD_IDS or
 * a member of the approver team (the approver channel's, else APPROVER_TEAM_ID). A failing roster lookup refuses.
 */
export async function authorizeApprover(
  approvers: Pick<ApproverConfig, "aadIds" | "teamId">,
  channel: Pick<ApproverChannel, "teamId"> | undefined,
  actor: Actor,
  tenantId: string | undefined,
  membership: TeamMembership,
): Promise<Authorization> {
  if (actor.tenantId !== tenantId)
    return { ok: false, why: `tenant ${actor.tenantId ?? "(none)"} is not the tenant ${tenantId ?? "(none: set APPROVER_TENANT_ID)"}` };
  if (actor.aadObjectId === "") return { ok: false, why: "no Entra object id on the action" };
  if (approvers.aadIds.includes(actor.aadObjectId)) return { ok: true, via: "aad_id" };
  const teamId = channel?.teamId ?? approvers.teamId;
  if (teamId === undefined) return { ok: false, why: "not in APPROVER_AAD_IDS (no approver team configured)" };
  const member = await membership(teamId).catch(() => false);
  return member ? { ok: true, via: "team_member" } : { ok: false, why: "not in APPROVER_AAD_IDS and not a member of the approver team" };
}

/** True when `actor` is the person who asked (same Entra object id, or the same channel account). */
export function isRequester(requester: Pick<Requester, "userId" | "aadObjectId">, actor: Actor): boolean {
  if (requester.aadObjectId && requester.aadObjectId === actor.aadObjectId) return true;
  return actor.userId !== undefined && actor.userId === requester.userId;
}
