import { z } from "zod";
import { MAX_COMMENT_CHARS } from "../domain";
import type { BotContext } from "./bot-deps";
import { recordFeedback } from "./card-actions";

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
export async function handleNativeFeedback(
  ctx: BotContext<"store" | "telemetry" | "log" | "clock" | "answers">,
  data: unknown,
): Promise<void> {
  const { log } = ctx.services;
  const parsed = FeedbackLoopSchema.safeParse(data);
  if (!parsed.success) {
    log(`feedback loop: unreadable submission dropped: ${parsed.error.issues[0]?.message ?? "invalid"}`);
    return;
  }
  const { actionValue, replyToId } = parsed.data;
  const runId = await ctx.services.answers.messages.runOf(ctx.turn.activity.conversation.id, replyToId);
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
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
