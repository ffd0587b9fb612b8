import { CARD_VERBS, draftTextFromAnswer, parseCardAction, type AdaptiveCard, type ApprovalAction } from "../cards";
import { stringsFor } from "../domain";
import type { Approval, ApprovalDecision } from "../domain";
import { outcomeCardFor, outcomeKind } from "./approval-cards";
import { expiredApproval, pastExpiry, updateApproval, withAudit } from "./approval-record";
import { resolveApproverChannel } from "./approver-channel";
import { authorizeApprover, isRequester } from "./authorize";
import type { PendingRequest } from "./approver-commands";
import type { Actor, ApprovalDeps } from "./ports";

/**
 * One click on an approval card: the raw invoke value, who clicked, how to check team membership, and the clicker's language (for
 * refusals before the record is known).
 */
export type DecisionRequest = Omit<PendingRequest, "place"> & { value: unknown };

/** What a click by an authorised approver does to the record it reads. */
type ClickEffect = "decides" | "expires" | "too_late" | "already_decided";

const KIND: Record<ApprovalAction["verb"], ApprovalDecision["kind"]> = {
  [CARD_VERBS.approve]: "approve",
  [CARD_VERBS.edit]: "edit",
  [CARD_VERBS.reject]: "reject",
};

/**
 * Handles Approve / Edit & approve / Reject. The card's data is only a key: the record is always
 * reloaded. Refusals (not an approver; the requester deciding their own request under segregation of
 * duties; a click after `expiresAt`, which expires a still-pending approval on the spot whatever the
 * maintenance job did) change nothing but the audit trail and that expiry; the pending → decided change is an
 * etag-conditional write, so concurrent or repeated clicks yield one decision, and everyone else
 * gets the outcome card. Returns the invoke response, and the approval this click decided or expired
 * (`settledApprovalId`): the caller hands it to the run queue, whose worker resumes the run and delivers the requester's card.
 */
export async function decideApproval(
  deps: ApprovalDeps,
  request: DecisionRequest,
): Promise<{ response: AdaptiveCard | string; settledApprovalId?: string }> {
  const { actor } = request;
  const replies = stringsFor(request.language).approvals;
  const parsed = parseCardAction(request.value);
  if (!parsed.ok || parsed.action.verb === CARD_VERBS.feedback) {
    const verb = parsed.ok ? parsed.action.verb : parsed.error.verb;
    const id = approvalIdIn(request.value);
    const reply =
      verb === CARD_VERBS.reject
        ? replies.reasonRequired
        : verb === CARD_VERBS.edit
          ? replies.editedTextRequired
          : replies.invalidAction(parsed.ok ? "not an approval" : parsed.error.message);
    if (id) await audit(deps, id, actor, verb ?? "unknown", "invalid", parsed.ok ? "not an approval" : parsed.error.message);
    return { response: reply };
  }
  const action = parsed.action;
  const read = await deps.records.get(action.approvalId);
  if (!read) return { response: replies.unknownApproval };

  const channel = await resolveApproverChannel(deps.approvers, deps.settings);
  const authorization = await authorizeApprover(deps.approvers, channel, actor, read.value.requester.tenantId, request.membership);
  const refuse = async (why: string, response: string) => {
    await audit(deps, action.approvalId, actor, action.verb, "refused", why);
    deps.log(`approval ${action.approvalId}: ${action.verb} refused: ${why}`);
    return { response };
  };
  const readerReplies = stringsFor(read.value.language).approvals;
  if (!authorization.ok) return refuse(authorization.why, readerReplies.notAnApprover);
  if (deps.approvers.segregationOfDuties && isRequester(read.value.requester, actor))
    return refuse("segregation of duties: the requester cannot decide their own request", readerReplies.ownRequest);

  const now = deps.clock.now();
  const at = now.toISOString();
  // Re-run on every conflict: what this click does depends on the latest read only.
  let effect = "already_decided" as ClickEffect;
  const result = await updateApproval(deps.records, action.approvalId, (latest) => {
    effect =
      latest.status === "expired"
        ? "too_late"
        : latest.status !== "pending"
          ? "already_decided"
          : pastExpiry(latest, now)
            ? "expires"
            : "decides";
    if (effect === "decides") return decided(latest, action, actor, at, authorization.via);
    if (effect === "already_decided") return withAudit(latest, entry(at, actor, action.verb, "already_decided", `status ${latest.status}`));
    // Too late. The maintenance job may not have run (or may be off): a click on a still-pending approval ends the review period itself.
    return withAudit(
      effect === "expires" ? expiredApproval(latest, at) : latest,
      entry(at, actor, action.verb, "refused", `too late: the approval expired at ${latest.expiresAt}`),
    );
  });
  if (!result) return { response: replies.unknownApproval };
  const approval = result.current.value;
  const settles = result.written && (effect === "decides" || effect === "expires");
  if (settles) {
    deps.telemetry.event("ApprovalDecided", {
      approvalId: approval.id,
      runId: approval.runId,
      decision: outcomeKind(approval),
      waitMs: Date.parse(at) - Date.parse(approval.createdAt),
    });
  }
  if (effect !== "decides")
    deps.log(
      `approval ${approval.id}: ${action.verb} ${effect === "already_decided" ? "after the decision" : "refused: the approval expired"}`,
    );
  return {
    response: outcomeCardFor(approval, effect === "expires" || effect === "too_late"),
    ...(settles ? { settledApprovalId: approval.id } : {}),
  };
}

function decided(approval: Approval, action: ApprovalAction, actor: Actor, at: string, via: string): Approval {
  const before = draftTextFromAnswer(approval.draft);
  const after = action.verb === CARD_VERBS.edit ? action.editedText : action.verb === CARD_VERBS.reject ? "" : before;
  const comment = action.verb === CARD_VERBS.reject ? action.reason : undefined;
  const status = action.verb === CARD_VERBS.reject ? "rejected" : "approved";
  const decision: ApprovalDecision = {
    byAadObjectId: actor.aadObjectId,
    byName: actor.name,
    at,
    kind: KIND[action.verb],
    ...(comment ? { comment } : {}),
    before,
    after,
  };
  return withAudit(
    { ...approval, status, decision },
    entry(at, actor, action.verb, status, `${via}; ${comment ? `reason: ${comment}; ` : ""}before: ${before}; after: ${after}`),
  );
}

function entry(at: string, actor: Actor, action: string, outcome: string, detail: string) {
  return { at, actorAadObjectId: actor.aadObjectId, action, outcome, detail };
}

async function audit(deps: ApprovalDeps, approvalId: string, actor: Actor, action: string, outcome: string, detail: string): Promise<void> {
  await updateApproval(deps.records, approvalId, (latest) =>
    withAudit(latest, entry(deps.clock.now().toISOString(), actor, action, outcome, detail)),
  );
}

/** The approval id an unparseable action still names, when it names a syntactically valid one. */
function approvalIdIn(value: unknown): string | undefined {
  const data = (value as { action?: { data?: { approvalId?: unknown } }; approvalId?: unknown } | undefined) ?? {};
  const id = data.action?.data?.approvalId ?? data.approvalId;
  return typeof id === "string" && /^[\w.:-]{1,200}$/.test(id) ? id : undefined;
}
