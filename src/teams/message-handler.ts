import type { Activity } from "botbuilder";
import { buildGuideCard } from "../cards";
import { describeError, detectLanguage, localeLanguage, stringsFor } from "../domain";
import { cardActivity } from "./messenger";
import { classifyMessage, type ApprovalsHistoryCommand } from "./inbound-message";
import { approvalHistoryReply } from "./approval-history-reply";
import type { BotContext } from "./bot-deps";
import { isPersonalChat, memoryKeyOf } from "./conversation-key";

export async function handleMessage(ctx: BotContext<"questions" | "config" | "store" | "approvals" | "log">): Promise<void> {
  const { turn: context, services } = ctx;
  const message = classifyMessage(context.activity, services.config.env.MAX_QUESTION_CHARS);
  const language = message.kind === "question" ? detectLanguage(message.text) : localeLanguage(context.activity.locale);
  const replies = stringsFor(language).bot;
  switch (message.kind) {
    case "question":
      await services.questions.start(context, message.text);
      return;
    case "command":
      if (message.command === "help") {
        await context.sendActivity(cardActivity(buildGuideCard("help", language, { memoryTtlMs: services.config.memory.ttlMs })));
        return;
      }
      // The only command that needs the store: when it is unreachable the user hears so, and nothing changed.
      try {
        // In a group chat or channel thread, the caller's turns only (see memoryKeyOf).
        await services.store.memory.forget(memoryKeyOf(context.activity));
      } catch (error) {
        services.log(`reset failed, the user was told: ${describeError(error)}`);
        await context.sendActivity(replies.resetFailed);
        return;
      }
      await context.sendActivity(isPersonalChat(context.activity) ? replies.resetDone : replies.resetDoneShared);
      return;
    case "approvals_history":
      await context.sendActivity(await historyCommandReply(ctx, message.command));
      return;
    case "too_long":
      await context.sendActivity(replies.tooLong(message.length, message.max));
      return;
    default:
      await context.sendActivity(replies[FIXED_REPLIES[message.kind]]);
  }
}

/** What a message that starts nothing is told. */
const FIXED_REPLIES = {
  approvals_pending: "approvalsUnavailable",
  empty: "emptyHint",
  attachments_only: "attachmentsOnly",
  card_submit: "unsupportedAction",
} as const;

async function historyCommandReply(ctx: BotContext<"approvals">, command: ApprovalsHistoryCommand): Promise<Partial<Activity> | string> {
  const { turn: context, services } = ctx;
  const language = command.language === "ja" ? "ja" : localeLanguage(context.activity.locale);
  const replies = stringsFor(language).bot;
  if (!command.ok) return command.problem === "days" ? replies.historyBadDays : replies.historyBadSupplier;
  if (!services.approvals) return replies.approvalsUnavailable;
  const reply = await approvalHistoryReply(services.approvals, context, command.query, language);
  return typeof reply === "string" ? reply : cardActivity(reply);
}
