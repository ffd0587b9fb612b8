import type { TurnContext } from "botbuilder";
import type { Approvals } from "../approvals";
import { buildApprovalHistoryCard, parseHistoryPageAction, type AdaptiveCard } from "../cards";
import { localeLanguage, stringsFor, type ApprovalHistoryQuery, type Language } from "../domain";
import { pendingRequest } from "./approval-inbound";
import type { BotContext } from "./bot-deps";
import { refuseAction } from "./card-actions";

/** The history card for a page, or the refusal, for an `approvals history` command or "next page" click. */
export async function approvalHistoryReply(
  approvals: Pick<Approvals, "history">,
  context: TurnContext,
  query: ApprovalHistoryQuery,
  language: Language,
): Promise<AdaptiveCard | string> {
  const page = await approvals.history({ ...pendingRequest(context, language), query });
  return typeof page === "string" ? page : buildApprovalHistoryCard({ ...page, language });
}

/** "Next page": the click carries only the query; who clicked, and where, is checked again as for the typed command. */
export async function historyPageResponse(ctx: BotContext<"approvals" | "log">): Promise<AdaptiveCard | string> {
  const { turn, services } = ctx;
  const action = parseHistoryPageAction(turn.activity.value);
  if (!action) return refuseAction(ctx, "invalid approval history page");
  if (!services.approvals) return stringsFor(localeLanguage(turn.activity.locale)).bot.approvalsUnavailable;
  return approvalHistoryReply(services.approvals, turn, action.query, action.language);
}
