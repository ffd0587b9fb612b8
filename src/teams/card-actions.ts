import { ActivityTypes, type Activity, type TurnContext } from "botbuilder";
import { parseCardAction, type FeedbackAction } from "../cards";
import { labelsFor, localeLanguage, stringsFor, systemClock, type RunState } from "../domain";
import type { BotContext } from "./bot-deps";
import { chatOf } from "./conversation-key";

/**
 * 👍/👎 (+ comment) on an answer card: stored (one vote per user per run), reported, and answered
 * with a short thanks; the card keeps showing the answer it already shows. The run id on the card is
 * only a key: a rating counts only for an answer delivered to the conversation the click comes from
 * (its members saw it), and the reply never carries a run's content. An unknown run, another
 * conversation's run and an answer not delivered (waiting for an approver, rejected, failed) get
 * one and the same refusal, so a click reveals nothing about a run id.
 */
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

/** Why a rating from this activity may not count for `run` (undefined when it may). */
function feedbackRefusal(run: RunState | undefined, activity: Activity): string | undefined {
  if (!run) return "no such run";
  if (run.status !== "answered" || !run.answer) return `the answer was not delivered (status ${run.status})`;
  if (!run.requester || chatOf(run.requester.conversationId) !== chatOf(activity.conversation.id))
    return "the answer went to another conversation";
  return undefined;
}

/** Stores a rating of a run by the activity's sender (one vote per user per run) and reports it. */
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

/** A polite refusal for a card action the bot does not handle (logged without user text). */
export function refuseAction({ turn, services }: BotContext<"log">, why: string): string {
  services.log(`card action refused (${turn.activity.name ?? turn.activity.type}): ${why}`);
  return stringsFor(localeLanguage(turn.activity.locale)).bot.unsupportedAction;
}

/** The invoke name of every Adaptive Card Action.Execute, whatever its verb or value. */
const CARD_ACTION_INVOKE = "adaptiveCard/action";

/** True for any Adaptive Card action invoke: the selector of the catch-all that runs after the real verbs. */
export async function isCardActionInvoke(context: TurnContext): Promise<boolean> {
  return context.activity.type === (ActivityTypes.Invoke as string) && context.activity.name === CARD_ACTION_INVOKE;
}

/**
 * A card action no verb route took (an unknown verb, no verb, no value): the polite refusal as a
 * 200 invoke response, the message response teams-ai gives a string handler, instead of its bare 501.
 */
export async function refuseUnhandledCardAction(ctx: BotContext<"log">): Promise<void> {
  const value: unknown = ctx.turn.activity.value;
  const action = typeof value === "object" && value !== null ? (value as { action?: { verb?: unknown } }).action : undefined;
  const why = value === undefined ? "no value" : typeof action?.verb !== "string" ? "no verb" : "unknown verb";
  const body = { statusCode: 200, type: "application/vnd.microsoft.activity.message", value: refuseAction(ctx, why) };
  await ctx.turn.sendActivity({ type: ActivityTypes.InvokeResponse, value: { status: 200, body } });
}
