import { TeamsInfo, teamsGetChannelId, teamsGetTeamId, teamsGetTenant, type Activity, type TurnContext } from "botbuilder";
import type { Actor, Approvals, HistoryPlace, PendingRequest, TeamMembership } from "../approvals";
import { buildApprovalPendingCard, parsePendingRepostAction, type AdaptiveCard } from "../cards";
import { localeLanguage, stringsFor, type Language } from "../domain";
import type { BotContext } from "./bot-deps";
import { cardActivity } from "./messenger";
import { chatOf, isPersonalChat } from "./conversation-key";
import { approvalsPendingLanguage, typedCommandLanguage } from "./inbound-message";

export function actorFrom(activity: Activity): Actor {
  const tenantId = activity.conversation?.tenantId ?? teamsGetTenant(activity)?.id;
  const userId = activity.from?.id;
  return {
    aadObjectId: activity.from?.aadObjectId ?? "",
    ...(userId ? { userId } : {}),
    name: activity.from?.name ?? "",
    ...(tenantId ? { tenantId } : {}),
  };
}

/** Where an activity was sent from, as `approvals history` and `approvals pending` decide whether they may list approvals there. */
function historyPlace(activity: Activity): HistoryPlace {
  if (isPersonalChat(activity)) return { kind: "personal" };
  if (activity.conversation?.conversationType === "channel")
    return { kind: "channel", channelId: teamsGetChannelId(activity) ?? chatOf(activity.conversation.id) };
  return { kind: "group_chat" };
}

/** Team membership through the Teams roster (`TeamsInfo.getTeamMember`); unknown members and failures are "no". */
function rosterMembership(context: TurnContext): TeamMembership {
  return async (teamId) => {
    const userId = context.activity.from?.aadObjectId || context.activity.from?.id;
    if (!userId) return false;
    return TeamsInfo.getTeamMember(context, teamId, userId).then(
      (member) => member !== undefined && member !== null,
      () => false,
    );
  };
}

/** `approvers here` and `approvals pending` are handled before any route and end the turn (false); anything else goes on (true). */
export async function approvalCommands({ turn: context, services: { approvals } }: BotContext<"approvals">): Promise<boolean> {
  const { activity } = context;
  const text = activity.type === "message" ? activity.text : undefined;
  const approversHere = approversHereLanguage(text);
  const typed = approversHere ?? approvalsPendingLanguage(text);
  if (!typed || !approvals) return true;
  // Typed in Japanese: answered in Japanese, whatever the client's locale.
  const language = typed === "ja" ? "ja" : localeLanguage(activity.locale);
  if (approversHere) await context.sendActivity(await setApproverChannel(context, approvals, language));
  else {
    const pending = await approvals.pending(pendingRequest(context, language));
    await context.sendActivity(typeof pending === "string" ? pending : cardActivity(buildApprovalPendingCard(language, pending)));
  }
  return false;
}

/** An `approval.*` click or a pending list's "post again"; a decision is not continued here: it is a run queue message. */
export function approvalClick({ turn, services: { approvals } }: BotContext<"approvals">): Promise<AdaptiveCard | string> {
  const value: unknown = turn.activity.value;
  const language = localeLanguage(turn.activity.locale);
  if (!approvals) return Promise.resolve(stringsFor(language).bot.approvalsUnavailable);
  const repost = parsePendingRepostAction(value);
  if (repost) return approvals.repost({ ...pendingRequest(turn, repost.language), approvalId: repost.approvalId });
  return approvals.decide({ value, actor: actorFrom(turn.activity), membership: rosterMembership(turn), language });
}

const APPROVERS_HERE = new Map<string, Language>([
  ["approvers here", "en"],
  ["承認者はここ", "ja"],
  ["ここを承認チャネルに", "ja"],
  ["ここを承認チャネルにする", "ja"],
  ["ここを承認チャンネルに", "ja"],
  ["ここを承認チャンネルにする", "ja"],
]);

export function approversHereLanguage(text: string | undefined): Language | undefined {
  return typedCommandLanguage(APPROVERS_HERE, text);
}

/** `approvers here` typed in a channel makes it the approver channel (the approvals module decides who may). */
function setApproverChannel(context: TurnContext, approvals: Approvals, language: Language): Promise<string> {
  const { activity } = context;
  const actor = actorFrom(activity);
  const { tenantId } = actor;
  const teamId = teamsGetTeamId(activity);
  const channelId = teamsGetChannelId(activity);
  const inChannel = activity.conversation?.conversationType === "channel" && teamId && channelId && activity.serviceUrl;
  return approvals.setApproverChannel({
    actor,
    membership: rosterMembership(context),
    language,
    ...(inChannel ? { channel: { teamId, channelId, serviceUrl: activity.serviceUrl, ...(tenantId ? { tenantId } : {}) } } : {}),
  });
}

/** Who asks, with their roster and where they ask: what the approvals module checks before it lists or posts anything. */
export function pendingRequest(context: TurnContext, language: Language): PendingRequest {
  return { actor: actorFrom(context.activity), membership: rosterMembership(context), language, place: historyPlace(context.activity) };
}
