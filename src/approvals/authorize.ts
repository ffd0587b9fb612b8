import type { Requester } from "../domain";
import { resolveApproverChannel } from "./approver-channel";
import type { HistoryPlace } from "./list-approval-history";
import type { Actor, ApprovalDeps, TeamMembership } from "./ports";

/** Who may decide: listed Entra object ids, and members of the approver team. */
interface ApproverPolicy {
  aadIds: readonly string[];
  teamId?: string;
}

/** Why someone may act, or why not (log- and audit-safe: no names). */
export type Authorization = { ok: true; via: "aad_id" | "team_member" } | { ok: false; why: string };

/**
 * Decides whether `actor` may act as an approver in `tenantId` (the requester's for a decision, the
 * approver channel's for the history): the same tenant, always compared (a tenant that is not known
 * matches only an actor without one, as in a local client), and either listed in APPROVER_AAD_IDS or
 * a member of the approver team. A failing roster lookup refuses.
 */
export async function authorizeApprover(
  policy: ApproverPolicy,
  actor: Actor,
  tenantId: string | undefined,
  membership: TeamMembership,
): Promise<Authorization> {
  if (actor.tenantId !== tenantId)
    return { ok: false, why: `tenant ${actor.tenantId ?? "(none)"} is not the tenant ${tenantId ?? "(none: set APPROVER_TENANT_ID)"}` };
  if (actor.aadObjectId === "") return { ok: false, why: "no Entra object id on the action" };
  if (policy.aadIds.includes(actor.aadObjectId)) return { ok: true, via: "aad_id" };
  if (policy.teamId === undefined) return { ok: false, why: "not in APPROVER_AAD_IDS (no approver team configured)" };
  const member = await membership(policy.teamId).catch(() => false);
  return member ? { ok: true, via: "team_member" } : { ok: false, why: "not in APPROVER_AAD_IDS and not a member of the approver team" };
}

/** True when `actor` is the person who asked (same Entra object id, or the same channel account). */
export function isRequester(requester: Pick<Requester, "userId" | "aadObjectId">, actor: Actor): boolean {
  if (requester.aadObjectId && requester.aadObjectId === actor.aadObjectId) return true;
  return actor.userId !== undefined && actor.userId === requester.userId;
}

/**
 * Whether a listing of approvals (`approvals history`, `approvals pending`) may be shown: only in a
 * personal chat or the approver channel (elsewhere others would read it), and only to an approver of
 * the approver channel's tenant. Re-checked on every click, so a forwarded or kept card shows nothing
 * more once its holder stopped being an approver. The refusal is logged, naming `listing`.
 */
export async function approverListingAllowed(
  deps: Pick<ApprovalDeps, "approvers" | "settings" | "log">,
  request: { actor: Actor; membership: TeamMembership; place: HistoryPlace },
  listing: string,
): Promise<"ok" | "not_here" | "not_an_approver"> {
  const channel = await resolveApproverChannel(deps.approvers, deps.settings);
  const { place } = request;
  if (place.kind !== "personal" && !(place.kind === "channel" && channel?.channelId === place.channelId)) {
    deps.log(`${listing} refused: asked in a ${place.kind === "channel" ? "channel other than the approver channel" : "group chat"}`);
    return "not_here";
  }
  const teamId = channel?.teamId ?? deps.approvers.teamId;
  const authorization = await authorizeApprover(
    { aadIds: deps.approvers.aadIds, ...(teamId ? { teamId } : {}) },
    request.actor,
    channel?.tenantId,
    request.membership,
  );
  if (authorization.ok) return "ok";
  deps.log(`${listing} refused: ${authorization.why}`);
  return "not_an_approver";
}
