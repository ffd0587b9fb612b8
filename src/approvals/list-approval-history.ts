import type { ApprovalHistoryQuery, Language } from "../domain";
import { stringsFor } from "../domain";
import { historyEntry } from "./approval-history";
import { approverListingAllowed } from "./authorize";
import type { Actor, ApprovalDeps, TeamMembership } from "./ports";

/** Decisions per history card page: a card of five entries stays well inside Teams' card size. */
const HISTORY_PAGE_SIZE = 5;

/** Where `approvals history` was asked: only places where no one but approvers reads the card. */
export type HistoryPlace = { kind: "personal" } | { kind: "channel"; channelId: string } | { kind: "group_chat" };

/** An `approvals history` command or "next page" click. */
export interface HistoryRequest {
  actor: Actor;
  membership: TeamMembership;
  language: Language;
  place: HistoryPlace;
  query: ApprovalHistoryQuery;
}

/** One page of decisions, newest first; `hasMore` when a next page exists. */
export type HistoryPage = Exclude<Awaited<ReturnType<typeof listApprovalHistory>>, string>;

/** Lists recent decisions for an approver, where `approverListingAllowed` lets it (checked again on each page). */
export async function listApprovalHistory(deps: ApprovalDeps, request: HistoryRequest) {
  const replies = stringsFor(request.language).approvals;
  const allowed = await approverListingAllowed(deps, request, "approvals history");
  if (allowed === "not_here") return replies.historyNotHere;
  if (allowed === "not_an_approver") return replies.historyNotAnApprover;
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
