import type { TurnContext } from "botbuilder";
import type { TurnState } from "@microsoft/teams-ai";
import { buildHelpCard, type GuideOptions } from "../cards";
import { detectLanguage } from "../domain";
import { repliesFor } from "./bot-replies";
import { cardActivity } from "./card-activity";
import { localeLanguage } from "./card-actions";
import { classifyMessage } from "./inbound-message";
import type { TeamsStore } from "./bot-deps";
import { conversationKeyOf } from "./conversation-key";
import type { QuestionRuns } from "./question-runs";

/** Handles a message (mention already removed): a command, a question, or an explanation. */
export async function handleMessage(
  deps: { questions: QuestionRuns; maxQuestionChars: number; memory: TeamsStore["memory"]; guide: GuideOptions },
  context: TurnContext,
  state: TurnState,
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
      // The conversation's memory (this chat, or this channel thread) and its turn state; both are deletes, so they never conflict.
      await deps.memory.forget(conversationKeyOf(context.activity));
      state.deleteConversationState();
      await context.sendActivity(replies.resetDone);
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
