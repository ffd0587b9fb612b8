import { TeamsInfo, type Activity, type TurnContext } from "botbuilder";
import type { AdaptiveCard } from "../cards";
import type { Language, RunState } from "../domain";
import type { ApprovalService } from "./approval-service";
import type { Actor, Reference, TeamMembership } from "./ports";

/** The clicker or sender of an activity, as the approvals flow sees them. */
export function actorFrom(activity: Activity): Actor {
  const tenantId = activity.conversation?.tenantId ?? (activity.channelData as { tenant?: { id?: string } } | undefined)?.tenant?.id;
  return { aadObjectId: activity.from?.aadObjectId ?? "", name: activity.from?.name ?? "", ...(tenantId ? { tenantId } : {}) };
}

/** The reply language for an inbound activity: the client's locale. */
function languageOf(activity: Activity): Language {
  return activity.locale?.toLowerCase().startsWith("ja") ? "ja" : "en";
}

/** Team membership through the Teams roster (`TeamsInfo.getTeamMember`); unknown members and failures are "no". */
export function rosterMembership(context: TurnContext): TeamMembership {
  return async (teamId) => {
    const userId = context.activity.from?.aadObjectId || context.activity.from?.id;
    if (!userId) return false;
    try {
      const member = await TeamsInfo.getTeamMember(context, teamId, userId);
      return member !== undefined && member !== null;
    } catch {
      return false;
    }
  };
}

/** The bot's seam for runs that end awaiting approval: pause the run in the approvals flow. */
export function onAwaitingApproval(service: ApprovalService): (state: RunState, reference: Reference) => Promise<void> {
  return async (state, reference) => {
    await service.request(state, reference);
  };
}

/** The bot's seam for `approval.*` card actions: the invoke response (outcome card, or a refusal text). */
export function onApprovalAction(service: ApprovalService): (context: TurnContext, value: unknown) => Promise<AdaptiveCard | string> {
  return (context, value) => service.decide({ value, actor: actorFrom(context.activity), membership: rosterMembership(context), language: languageOf(context.activity) });
}

/** True for the `approvers here` command (mention already removed). */
export function isApproversHere(text: string | undefined): boolean {
  return (text ?? "").replace(/\u00a0/g, " ").trim().replace(/\s+/g, " ").toLowerCase() === "approvers here";
}

/**
 * A teams-ai `beforeTurn` handler for `approvers here`: handles the command and ends the turn
 * (returns false), or lets every other activity through (returns true).
 */
export function approversHereHandler(service: ApprovalService): (context: TurnContext) => Promise<boolean> {
  return async (context) => {
    const { activity } = context;
    if (activity.type !== "message" || !isApproversHere(activity.text)) return true;
    const channelData = activity.channelData as { team?: { id?: string }; channel?: { id?: string }; tenant?: { id?: string } } | undefined;
    const teamId = channelData?.team?.id;
    const channelId = channelData?.channel?.id;
    const tenantId = actorFrom(activity).tenantId;
    const inChannel = activity.conversation?.conversationType === "channel" && teamId && channelId && activity.serviceUrl;
    const reply = await service.setApproverChannel({
      actor: actorFrom(activity),
      membership: rosterMembership(context),
      language: languageOf(activity),
      ...(inChannel ? { channel: { teamId, channelId, serviceUrl: activity.serviceUrl, ...(tenantId ? { tenantId } : {}) } } : {}),
    });
    await context.sendActivity(reply);
    return false;
  };
}
