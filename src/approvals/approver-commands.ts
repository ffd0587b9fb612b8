import { stringsFor, type Approval, type ApprovalHistoryQuery, type Language } from "../domain";
import { APPROVER_CHANNEL_SETTING, resolveApproverChannel, type StoredApproverChannel } from "./approver-channel";
import { authorizeApprover } from "./authorize";
import type { Actor, ApprovalDeps, TeamMembership } from "./ports";
import { postApprovalThread } from "./request-approval";

/** Decisions per history card page: a card of five entries stays well inside Teams' card size. */
const HISTORY_PAGE_SIZE = 5;

/** Where a listing was asked: only places where no one but approvers reads the card. */
export type HistoryPlace = { kind: "personal" } | { kind: "channel"; channelId: string } | { kind: "group_chat" };

/** An `approvals pending` command, or a click on one of its "post again" buttons (`approvalId`). */
export interface PendingRequest {
  actor: Actor;
  membership: TeamMembership;
  language: Language;
  place: HistoryPlace;
}

/** An `approvals history` command or "next page" click. */
export interface HistoryRequest extends PendingRequest {
  query: ApprovalHistoryQuery;
}

/** One page of decisions, newest first; `hasMore` when a next page exists. */
export type HistoryPage = Exclude<Awaited<ReturnType<typeof listApprovalHistory>>, string>;

/** One approval as auditors and approvers read it: who asked what, who decided what and how fast. */
export type ApprovalHistoryEntry = ReturnType<typeof historyEntry>;

export function historyEntry(approval: Approval) {
  const decision = approval.decision;
  return {
    approvalId: approval.id,
    runId: approval.runId,
    status: approval.status,
    createdAt: approval.createdAt,
    question: approval.question,
    requesterAadObjectId: approval.requester.aadObjectId ?? approval.requester.userId,
    requesterName: approval.requesterName ?? "",
    qscore: approval.qscore,
    specialists: approval.specialists,
    reasons: approval.reasons,
    decision: decision?.kind ?? ("" as const),
    decidedAt: decision?.at ?? "",
    approverAadObjectId: decision?.byAadObjectId ?? "",
    approverName: decision?.byName ?? "",
    timeToDecisionMs: decision ? Date.parse(decision.at) - Date.parse(approval.createdAt) : null,
    // Whether the approver changed the answer before approving it.
    edited: decision?.kind === "edit" && decision.before !== decision.after,
    comment: decision?.comment ?? "",
    answerBefore: decision?.before ?? "",
    answerAfter: decision?.after ?? "",
    outcomeShownAt: approval.outcomeShownAt ?? "",
    expiresAt: approval.expiresAt,
    thread: approval.approverThread ?? null,
    audit: approval.audit,
  };
}

/** Lists recent decisions for an approver, where `listingRefusal` lets it (checked again on each page). */
export async function listApprovalHistory(deps: ApprovalDeps, request: HistoryRequest) {
  const replies = stringsFor(request.language).approvals;
  const refusal = await listingRefusal(deps, request, "approvals history", [replies.historyNotHere, replies.historyNotAnApprover]);
  if (refusal) return refusal;
  const { query } = request;
  const decidedSince = new Date(deps.clock.now().getTime() - query.days * 86_400_000).toISOString();
  // One more than a page tells whether a next page exists.
  const approvals = await deps.records.listDecided({
    decidedSince,
    ...(query.supplier ? { supplier: query.supplier } : {}),
    offset: query.page * HISTORY_PAGE_SIZE,
    limit: HISTORY_PAGE_SIZE + 1,
  });
  return { query, entries: approvals.slice(0, HISTORY_PAGE_SIZE).map(historyEntry), hasMore: approvals.length > HISTORY_PAGE_SIZE };
}

/**
 * The approvals still waiting for a decision, oldest first, for an approver in the approver
 * channel or a personal chat (elsewhere others would read them): a card that scrolled away, or a
 * client that keeps no history, loses none of them.
 */
export async function listPendingApprovals(deps: ApprovalDeps, request: PendingRequest): Promise<Approval[] | string> {
  const refusal = await pendingRefusal(deps, request);
  if (refusal) return refusal;
  return (await deps.records.listPending()).map((read) => read.value);
}

/**
 * Posts a pending approval's card again as a new thread in the approver channel (the thread it had
 * may be out of view); the record then points at the new thread, where its decision shows.
 */
export async function repostApproval(deps: ApprovalDeps, request: PendingRequest & { approvalId: string }): Promise<string> {
  const refusal = await pendingRefusal(deps, request);
  if (refusal) return refusal;
  const replies = stringsFor(request.language).approvals;
  const read = await deps.records.get(request.approvalId);
  if (!read) return replies.unknownApproval;
  if (read.value.status !== "pending") return replies.repostNotPending;
  const run = await deps.runs.load(read.value.runId);
  if (!run) return replies.unknownApproval;
  const outcome = await postApprovalThread(deps, read.value, run, { again: true });
  return outcome === "posted" ? replies.repostDone : outcome === "no_channel" ? replies.repostNoChannel : replies.tryAgain;
}

function pendingRefusal(deps: ApprovalDeps, request: PendingRequest): Promise<string | undefined> {
  const replies = stringsFor(request.language).approvals;
  return listingRefusal(deps, request, "pending approvals", [replies.pendingNotHere, replies.pendingNotAnApprover]);
}

/**
 * Why a listing of approvals (named `listing` in the log) may not be shown, as the reply `[notHere, notAnApprover]`; undefined when it
 * may. Only in a personal chat or the approver channel (elsewhere others would read it), and only to an approver of the approver channel's
 * tenant. Re-checked on every click, so a forwarded or kept card shows nothing more once its holder stopped being an approver.
 */
async function listingRefusal(
  deps: Pick<ApprovalDeps, "approvers" | "settings" | "log">,
  request: PendingRequest,
  listing: string,
  [notHere, notAnApprover]: [string, string],
): Promise<string | undefined> {
  const channel = await resolveApproverChannel(deps.approvers, deps.settings);
  const { place } = request;
  if (place.kind !== "personal" && !(place.kind === "channel" && channel?.channelId === place.channelId)) {
    deps.log(`${listing} refused: asked in a ${place.kind === "channel" ? "channel other than the approver channel" : "group chat"}`);
    return notHere;
  }
  const authorization = await authorizeApprover(deps.approvers, channel, request.actor, channel?.tenantId, request.membership);
  if (authorization.ok) return undefined;
  deps.log(`${listing} refused: ${authorization.why}`);
  return notAnApprover;
}

/** An `approvers here` message: who sent it, and from which channel (undefined outside a team channel). */
export type ApproverChannelCommand = Omit<PendingRequest, "place"> & {
  channel?: Omit<StoredApproverChannel, "setByAadObjectId" | "setAt">;
};

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
    if ((await postApprovalThread(deps, approval, run)) === "posted") posted++;
  }
  return posted;
}
