import { stringsFor, type Approval, type Language } from "../domain";
import { approverListingAllowed } from "./authorize";
import type { HistoryPlace } from "./list-approval-history";
import type { Actor, ApprovalDeps, TeamMembership } from "./ports";
import { postApprovalThread } from "./post-approval-thread";

/** An `approvals pending` command, or a click on one of its "post again" buttons (`approvalId`). */
export interface PendingRequest {
  actor: Actor;
  membership: TeamMembership;
  language: Language;
  place: HistoryPlace;
}

/**
 * The approvals still waiting for a decision, oldest first, for an approver in the approver
 * channel or a personal chat (elsewhere others would read them): a card that scrolled away, or a
 * client that keeps no history, loses none of them.
 */
export async function listPendingApprovals(deps: ApprovalDeps, request: PendingRequest): Promise<Approval[] | string> {
  const refusal = await refusalOf(deps, request);
  if (refusal) return refusal;
  const pending = (await deps.records.listPending()).map((read) => read.value);
  return pending.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * Posts a pending approval's card again as a new thread in the approver channel (the thread it had
 * may be out of view); the record then points at the new thread, where its decision shows.
 */
export async function repostApproval(deps: ApprovalDeps, request: PendingRequest & { approvalId: string }): Promise<string> {
  const refusal = await refusalOf(deps, request);
  if (refusal) return refusal;
  const replies = stringsFor(request.language).approvals;
  const read = await deps.records.get(request.approvalId);
  if (!read) return replies.unknownApproval;
  if (read.value.status !== "pending") return replies.repostNotPending;
  const run = await deps.runs.load(read.value.runId);
  if (!run) return replies.unknownApproval;
  const outcome = await postApprovalThread(deps, read.value, run, run.reference, { again: true });
  return outcome === "posted" ? replies.repostDone : outcome === "no_channel" ? replies.repostNoChannel : replies.tryAgain;
}

/** Why this request may not see pending approvals here (undefined when it may). */
async function refusalOf(deps: ApprovalDeps, request: PendingRequest): Promise<string | undefined> {
  const replies = stringsFor(request.language).approvals;
  const allowed = await approverListingAllowed(deps, request, "pending approvals");
  return allowed === "not_here" ? replies.pendingNotHere : allowed === "not_an_approver" ? replies.pendingNotAnApprover : undefined;
}
