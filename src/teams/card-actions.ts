import { ActivityTypes, type Activity, type TurnContext } from "botbuilder";
import { parseCardAction, type FeedbackAction } from "../cards";
import { labelsFor, localeLanguage, stringsFor, systemClock, type Clock, type Log, type RunState } from "../domain";
import type { Telemetry } from "../telemetry";
import type { TeamsStore } from "./bot-deps";
import { chatOf } from "./conversation-key";

/** What the card action handlers need. */
export interface CardActionDeps {
  store: Pick<TeamsStore, "feedback" | "runs">;
  telemetry: Telemetry;
  log: Log;
  /** Dates the feedback; the system clock when absent. */
  clock?: Clock;
}

/**
 * 👍/👎 (+ comment) on an answer card: stored (one vote per user per run), reported, and answered
 * with a short thanks; the card keeps showing the answer it already shows. The run id on the card is
 * only a key: a rating counts only for an answer delivered to the conversation the click comes from
 * (its members saw it), and the reply never carries a run's content. An unknown run, another
 * conversation's run and an answer not delivered (waiting for an approver, rejected, failed) get
 * one and the same refusal, so a click reveals nothing about a run id.
 */
export async function handleFeedback(deps: CardActionDeps, context: TurnContext): Promise<string> {
  const parsed = parseCardAction(context.activity.value);
  if (!parsed.ok || parsed.action.verb !== "feedback")
    return refuseAction(deps, context, parsed.ok ? "not feedback" : parsed.error.message);
  const action: FeedbackAction = parsed.action;
  const language = localeLanguage(context.activity.locale);
  const refusal = feedbackRefusal(await deps.store.runs.load(action.runId), context.activity);
  if (refusal) {
    deps.log(`feedback refused for run ${action.runId}: ${refusal}`);
    return stringsFor(language).bot.feedbackRefused;
  }
  await recordFeedback(deps, context, action);
  return labelsFor(language).feedbackThanks(action.rating);
}

/** Why a rating from this activity may not count for `run` (undefined when it may). */
function feedbackRefusal(run: RunState | undefined, activity: Activity): string | undefined {
  if (!run) return "no such run";
  if (run.status !== "completed" || !run.answer) return `the answer was not delivered (status ${run.status})`;
  if (!run.requester || chatOf(run.requester.conversationId) !== chatOf(activity.conversation.id))
    return "the answer went to another conversation";
  return undefined;
}

/** Stores a rating of a run by the activity's sender (one vote per user per run) and reports it. */
export async function recordFeedback(
  deps: Pick<CardActionDeps, "store" | "telemetry" | "clock">,
  context: TurnContext,
  rating: Pick<FeedbackAction, "runId" | "rating" | "comment">,
): Promise<void> {
  const { activity } = context;
  await deps.store.feedback.save({
    runId: rating.runId,
    conversationId: activity.conversation.id,
    userId: activity.from.aadObjectId ?? activity.from.id,
    rating: rating.rating,
    ...(rating.comment ? { comment: rating.comment } : {}),
    at: (deps.clock ?? systemClock).now().toISOString(),
  });
  deps.telemetry.feedbackReceived({ runId: rating.runId, rating: rating.rating, hasComment: rating.comment !== undefined });
}

/** A polite refusal for a card action the bot does not handle (logged without user text). */
export function refuseAction(deps: Pick<CardActionDeps, "log">, context: TurnContext, why: string): string {
  deps.log(`card action refused (${context.activity.name ?? context.activity.type}): ${why}`);
  return stringsFor(localeLanguage(context.activity.locale)).bot.unsupportedAction;
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
export async function refuseUnhandledCardAction(deps: Pick<CardActionDeps, "log">, context: TurnContext): Promise<void> {
  const value: unknown = context.activity.value;
  const action = typeof value === "object" && value !== null ? (value as { action?: { verb?: unknown } }).action : undefined;
  const why = value === undefined ? "no value" : typeof action?.verb !== "string" ? "no verb" : "unknown verb";
  const body = { statusCode: 200, type: "application/vnd.microsoft.activity.message", value: refuseAction(deps, context, why) };
  await context.sendActivity({ type: ActivityTypes.InvokeResponse, value: { status: 200, body } });
}

/** The approvals seam until src/approvals exists: nothing changes, and the user is told so. */
export async function approvalsUnavailable(context: TurnContext): Promise<string> {
  return stringsFor(localeLanguage(context.activity.locale)).bot.approvalsUnavailable;
}
