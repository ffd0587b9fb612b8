import { ActivityTypes, type TurnContext } from "botbuilder";
import { Application, type TeamsAdapter, type TurnState } from "@microsoft/teams-ai";
import { buildWelcomeCard, CARD_VERBS, HISTORY_PAGE_VERB, type GuideOptions } from "../cards";
import { describeError, localeLanguage, stringsFor, type Log } from "../domain";
import type { Telemetry } from "../telemetry";
import { historyPageResponse } from "./approval-history-reply";
import type { ApprovalActionHandler, ApprovalHistoryHandler, TeamsStore } from "./bot-deps";
import { cardActivity } from "./card-activity";
import { handleFeedback, isCardActionInvoke, refuseUnhandledCardAction, type CardActionDeps } from "./card-actions";
import { handleMessage } from "./message-handler";
import { handleNativeFeedback } from "./native-feedback";
import { firstWelcome } from "./welcome-once";
import type { AnswerMessages } from "./answer-messages";
import type { QuestionRuns } from "./question-runs";

/** What the teams-ai application routes to. */
export interface BotApplicationDeps {
  adapter: TeamsAdapter;
  botAppId: string | undefined;
  questions: QuestionRuns;
  cardActions: CardActionDeps;
  /** Which run each answer message belongs to, for Teams' feedback loop. */
  answerMessages: AnswerMessages;
  onApprovalAction: ApprovalActionHandler;
  /** `approvals history` and its "next page" clicks; absent without an approvals module. */
  approvalHistory?: ApprovalHistoryHandler;
  /** Runs before any route; returns false when it handled the activity (the approvals module's `approvers here`). */
  beforeTurn?: (context: TurnContext) => Promise<boolean>;
  maxQuestionChars: number;
  memory: TeamsStore["memory"];
  /** Where the conversations already welcomed are recorded. */
  botState: TeamsStore["botState"];
  /** What the welcome and help cards say about the conversation memory. */
  guide: GuideOptions;
  telemetry: Telemetry;
  log: Log;
}

/**
 * The teams-ai Application: thin routes that map activities to the handlers. Routes match in
 * registration order, so the catch-alls (unknown card verbs, any message) come last. Typing is
 * sent by the question flow itself: teams-ai's timer is shared across concurrent turns.
 */
export function createBotApplication(deps: BotApplicationDeps): Application {
  const app = new Application<TurnState>({
    adapter: deps.adapter,
    botAppId: deps.botAppId,
    // No turn-state storage: teams-ai would read it from the store before any route runs, so a
    // store outage would lose every question at intake. Nothing here keeps state between turns;
    // what a run needs travels on the queue and the worker reads and writes the store.
    startTypingTimer: false,
    removeRecipientMention: true,
    longRunningMessages: false,
  });

  if (deps.beforeTurn) app.turn("beforeTurn", deps.beforeTurn);

  app.conversationUpdate("membersAdded", async (context) => {
    const botId = context.activity.recipient.id;
    if (!context.activity.membersAdded?.some((member) => member.id === botId)) return;
    if (!(await firstWelcome(deps.botState, context.activity.conversation.id, deps.log))) return;
    await context.sendActivity(cardActivity(buildWelcomeCard(localeLanguage(context.activity.locale), deps.guide)));
  });

  app.adaptiveCards.actionExecute(CARD_VERBS.feedback, (context) => handleFeedback(deps.cardActions, context));
  app.feedbackLoop((context, _state, data) =>
    handleNativeFeedback({ ...deps.cardActions, answerMessages: deps.answerMessages }, context, data),
  );
  app.adaptiveCards.actionExecute(/^approval\./, (context) => deps.onApprovalAction(context, context.activity.value));
  app.adaptiveCards.actionExecute(HISTORY_PAGE_VERB, (context) => historyPageResponse(deps, context));
  // Any other card action (unknown verb, no verb, no value): an invoke route, after the verbs above.
  app.addRoute(isCardActionInvoke, (context) => refuseUnhandledCardAction(deps.cardActions, context), true);

  app.activity(ActivityTypes.Message, (context) => handleMessage(deps, context));

  app.error(async (context: TurnContext, error: Error) => {
    const correlationId = context.activity.id ?? "unknown";
    deps.log(`turn failed (${context.activity.type}, activity ${correlationId}): ${describeError(error)}`);
    deps.telemetry.exception(error, { correlationId, step: `turn:${context.activity.type}` });
    if (context.activity.type === (ActivityTypes.Message as string))
      await context.sendActivity(stringsFor(localeLanguage(context.activity.locale)).bot.turnError).catch(() => undefined);
  });
  return app;
}
