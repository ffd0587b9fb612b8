import type { TurnContext } from "botbuilder";
import { buildHelpCard, type GuideOptions } from "../cards";
import { describeError, detectLanguage, localeLanguage, stringsFor, type Log } from "../domain";
import { cardActivity } from "./card-activity";
import type { ApprovalsHistoryCommand } from "./approvals-history-command";
import { classifyMessage } from "./inbound-message";
import { approvalHistoryReply } from "./approval-history-reply";
import type { ApprovalHistoryHandler, TeamsStore } from "./bot-deps";
import { isPersonalChat, memoryKeyOf } from "./conversation-key";
import type { QuestionRuns } from "./question-runs";

/** Handles a message (mention already removed): a command, a question, or an explanation. */
export async function handleMessage(
  deps: {
    questions: QuestionRuns;
    maxQuestionChars: number;
    memory: TeamsStore["memory"];
    guide: GuideOptions;
    /** The approvals module's history; without one, `approvals history` says approvals are unavailable. */
    approvalHistory?: ApprovalHistoryHandler;
    log: Log;
  },
  context: TurnContext,
): Promise<void> {
  const message = classifyMessage(context.activity, deps.maxQuestionChars);
  const language = message.kind === "question" ? detectLanguage(message.text) : localeLanguage(context.activity.locale);
  const replies = stringsFor(language).bot;
  switch (message.kind) {
    case "question":
      await deps.questions.start(context, message.text);
      return;
    case "command":
      if (message.command === "help") {
        await context.sendActivity(cardActivity(buildHelpCard(language, deps.guide)));
        return;
      }
      // The only command that needs the store: when it is unreachable the user hears so, and nothing changed.
      try {
        // In a group chat or channel thread, the caller's turns only (see memoryKeyOf).
        await deps.memory.forget(memoryKeyOf(context.activity));
      } catch (error) {
        deps.log(`reset failed, the user was told: ${describeError(error)}`);
        await context.sendActivity(replies.resetFailed);
        return;
      }
      await context.sendActivity(isPersonalChat(context.activity) ? replies.resetDone : replies.resetDoneShared);
      return;
    case "approvals_history":
      await handleApprovalsHistory(deps, context, message.command);
      return;
    case "approvals_pending":
      await context.sendActivity(replies.approvalsUnavailable);
      return;
    case "empty":
      await context.sendActivity(replies.emptyHint);
      return;
    case "too_long":
      await context.sendActivity(replies.tooLong(message.length, message.max));
      return;
    case "attachments_only":
      await context.sendActivity(replies.attachmentsOnly);
      return;
    case "card_submit":
      await context.sendActivity(replies.unsupportedAction);
      return;
  }
}

/** `approvals history [days] [supplier]`: the history card or a refusal, in the command's language when typed in Japanese. */
async function handleApprovalsHistory(
  deps: { approvalHistory?: ApprovalHistoryHandler },
  context: TurnContext,
  command: ApprovalsHistoryCommand,
): Promise<void> {
  const language = command.language === "ja" ? "ja" : localeLanguage(context.activity.locale);
  const replies = stringsFor(language).bot;
  if (!command.ok) {
    await context.sendActivity(command.problem === "days" ? replies.historyBadDays : replies.historyBadSupplier);
    return;
  }
  if (!deps.approvalHistory) {
    await context.sendActivity(replies.approvalsUnavailable);
    return;
  }
  const reply = await approvalHistoryReply(deps.approvalHistory, context, command.query, language);
  await context.sendActivity(typeof reply === "string" ? reply : cardActivity(reply));
}
