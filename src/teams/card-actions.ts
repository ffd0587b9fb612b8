import { ActivityTypes, type Activity, type TurnContext } from "botbuilder";
import { z } from "zod";
import { isRecord, parseCardAction, type FeedbackAction } from "../cards";
import { labelsFor, localeLanguage, MAX_COMMENT_CHARS, stringsFor, systemClock, type RunState } from "../domain";
import type { BotContext } from "./bot-deps";
import { chatOf } from "./conversation-key";

// The run id on the card is only a key: a rating counts only for an answer delivered to the chat the click comes from, and an
// unknown run, another chat's run and an undelivered answer get one refusal, so a click reveals nothing about a run id.
export async function handleFeedback(ctx: BotContext<"store" | "telemetry" | "log">): Promise<string> {
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
  { turn, services }: BotContext<"store" | "telemetry">,
  rating: Pick<FeedbackAction, "runId" | "rating" | "comment">,
): Promise<void> {
  const { activity } = turn;
  await services.store.feedback.save({
    runId: rating.runId,
    conversationId: activity.conversation.id,
    userId: activity.from.aadObjectId ?? activity.from.id,
    rating: rating.rating,
    ...(rating.comment ? { comment: rating.comment } : {}),
    at: systemClock.now().toISOString(),
  });
  services.telemetry.event("FeedbackReceived", { runId: rating.runId, rating: rating.rating, hasComment: rating.comment !== undefined });
}

export function refuseAction({ turn, services }: BotContext<"log">, why: string): string {
  services.log(`card action refused (${turn.activity.name ?? turn.activity.type}): ${why}`);
  return stringsFor(localeLanguage(turn.activity.locale)).bot.unsupportedAction;
}

export async function isCardActionInvoke(context: TurnContext): Promise<boolean> {
  return context.activity.type === (ActivityTypes.Invoke as string) && context.activity.name === "adaptiveCard/action";
}

/** No verb route took it: the refusal as a 200 message invoke response (what teams-ai gives a string handler), not a bare 501. */
export async function refuseUnhandledCardAction(ctx: BotContext<"log">): Promise<void> {
  const value: unknown = ctx.turn.activity.value;
  const action = typeof value === "object" && value !== null ? (value as { action?: { verb?: unknown } }).action : undefined;
  const why = value === undefined ? "no value" : typeof action?.verb !== "string" ? "no verb" : "unknown verb";
  const body = { statusCode: 200, type: "application/vnd.microsoft.activity.message", value: refuseAction(ctx, why) };
  await ctx.turn.sendActivity({ type: ActivityTypes.InvokeResponse, value: { status: 200, body } });
}

/** What Teams' feedback loop sends (`message/submitAction`, action "feedback"), with the rated message's id. */
const FeedbackLoopSchema = z.object({
  actionName: z.literal("feedback"),
  actionValue: z.object({
    reaction: z.enum(["like", "dislike"]),
    /** The comment form's content: a JSON string `{"feedbackText": "…"}` in Teams, plain text or an object elsewhere. */
    feedback: z.union([z.string(), z.record(z.unknown())]).optional(),
  }),
  replyToId: z.string().min(1),
});

// Teams' own feedback loop on an answer message: mapped to its run and stored like a card's rating. A rating of a message that is no
// answer of this chat is logged and dropped (Teams shows its own thanks either way).
export async function handleNativeFeedback(ctx: BotContext<"store" | "telemetry" | "log" | "answers">, data: unknown): Promise<void> {
  const { log } = ctx.services;
  const parsed = FeedbackLoopSchema.safeParse(data);
  if (!parsed.success) {
    log(`feedback loop: unreadable submission dropped: ${parsed.error.issues[0]?.message ?? "invalid"}`);
    return;
  }
  const { actionValue, replyToId } = parsed.data;
  const runId = await ctx.services.answers.runOf(ctx.turn.activity.conversation.id, replyToId);
  if (!runId) {
    log(`feedback loop: message ${replyToId} is no answer in this chat; dropped`);
    return;
  }
  const comment = commentOf(actionValue.feedback);
  await recordFeedback(ctx, { runId, rating: actionValue.reaction === "like" ? "up" : "down", ...(comment ? { comment } : {}) });
}

function commentOf(feedback: string | Record<string, unknown> | undefined): string | undefined {
  const form = typeof feedback === "string" ? (parseJsonObject(feedback) ?? { feedbackText: feedback }) : (feedback ?? {});
  const text = typeof form.feedbackText === "string" ? form.feedbackText.trim() : "";
  return text ? text.slice(0, MAX_COMMENT_CHARS) : undefined;
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
