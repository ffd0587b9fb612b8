import { ActivityTypes, type Activity, type TurnContext } from "botbuilder";
import { parseCardAction, type FeedbackAction } from "../cards";
import { labelsFor, localeLanguage, stringsFor, systemClock, type RunState } from "../domain";
import type { BotContext } from "./bot-deps";
import { chatOf } from "./conversation-key";

// The run id on the card is only a key: a rating counts only for an answer delivered to the chat the click comes from, and an
// unknown run, another chat's run and an undelivered answer get one refusal, so a click reveals nothing about a run id.
export async function handleFeedback(ctx: BotContext<"store" | "telemetry" | "log" | "clock">): Promise<string> {
  const { turn, services } = ctx;
  const parsed = parseCardAction(turn.activity.value);
  if (!parsed.ok || parsed.action.verb !== "feedback") return refuseAction(ctx, parsed.ok ? "not feedback" : parsed.error.message);
  const action: FeedbackAction = parsed.action;
  const language = localeLanguage(turn.activity.locale);
  const refusal = feedbackRefusal(await services.store.runs.load(action.runId), turn.activity);
  if (refusal) {
    services.log(`feedback refused for run ${action.runId}: ${refusal}`);
    return stringsFor(language).bot.feedbackRefused;
  }
  await recordFeedback(ctx, action);
  return labelsFor(language).feedbackThanks(action.rating);
}

function feedbackRefusal(run: RunState | undefined, activity: Activity): string | undefined {
  if (!run) return "no such run";
  if (run.status !== "answered" || !run.answer) return `the answer was not delivered (status ${run.status})`;
  if (!run.requester || chatOf(run.requester.conversationId) !== chatOf(activity.conversation.id))
    return "the answer went to another conversation";
  return undefined;
}

export async function recordFeedback(
  { turn, services }: BotContext<"store" | "telemetry" | "clock">,
  rating: Pick<FeedbackAction, "runId" | "rating" | "comment">,
): Promise<void> {
  const { activity } = turn;
  await services.store.feedback.save({
    runId: rating.runId,
    conversationId: activity.conversation.id,
    userId: activity.from.aadObjectId ?? activity.from.id,
    rating: rating.rating,
    ...(rating.comment ? { comment: rating.comment } : {}),
    at: (services.clock ?? systemClock).now().toISOString(),
  });
  services.telemetry.feedbackReceived({ runId: rating.runId, rating: rating.rating, hasComment: rating.comment !== undefined });
}

export function refuseAction({ turn, services }: BotContext<"log">, why: string): string {
  services.log(`card action refused (${turn.activity.name ?? turn.activity.type}): ${why}`);
  return stringsFor(localeLanguage(turn.activity.locale)).bot.unsupportedAction;
}

const CARD_ACTION_INVOKE = "adaptiveCard/action";

export async function isCardActionInvoke(context: TurnContext): Promise<boolean> {
  return context.activity.type === (ActivityTypes.Invoke as string) && context.activity.name === CARD_ACTION_INVOKE;
}

/** No verb route took it: the refusal as a 200 message invoke response (what teams-ai gives a string handler), not a bare 501. */
export async function refuseUnhandledCardAction(ctx: BotContext<"log">): Promise<void> {
  const value: unknown = ctx.turn.activity.value;
  const action = typeof value === "object" && value !== null ? (value as { action?: { verb?: unknown } }).action : undefined;
  const why = value === undefined ? "no value" : typeof action?.verb !== "string" ? "no verb" : "unknown verb";
  const body = { statusCode: 200, type: "application/vnd.microsoft.activity.message", value: refuseAction(ctx, why) };
  await ctx.turn.sendActivity({ type: ActivityTypes.InvokeResponse, value: { status: 200, body } });
}
