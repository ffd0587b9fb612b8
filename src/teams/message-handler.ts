import type { TurnContext } from "botbuilder";
import { buildHelpCard, type GuideOptions } from "../cards";
import { describeError, detectLanguage } from "../domain";
import { repliesFor } from "./bot-replies";
import { cardActivity } from "./card-activity";
import { localeLanguage } from "./card-actions";
import { classifyMessage } from "./inbound-message";
import type { Log, TeamsStore } from "./bot-deps";
import { isPersonalChat, memoryKeyOf } from "./conversation-key";
import type { QuestionRuns } from "./question-runs";

/** Handles a message (mention already removed): a command, a question, or an explanation. */
export async function handleMessage(
  deps: { questions: QuestionRuns; maxQuestionChars: number; memory: TeamsStore["memory"]; guide: GuideOptions; log: Log },
  context: TurnContext,
): Promise<void> {
  const message = classifyMessage(context.activity, deps.maxQuestionChars);
  const language = message.kind === "question" ? detectLanguage(message.text) : localeLanguage(context);
  const replies = repliesFor(language);
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
