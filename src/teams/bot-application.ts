import { ActivityTypes, type Storage, type TurnContext } from "botbuilder";
import { Application, type TurnState } from "@microsoft/teams-ai";
import { buildGuideCard, CARD_VERBS, HISTORY_PAGE_VERB, type AdaptiveCard } from "../cards";
import { describeError, localeLanguage, stringsFor, type Log } from "../domain";
import { historyPageResponse } from "./approval-history-reply";
import { approvalClick, approvalCommands } from "./approval-inbound";
import type { BotContext, BotServices } from "./bot-deps";
import { chatOf } from "./conversation-key";
import { cardActivity } from "./messenger";
import { handleFeedback, handleNativeFeedback, isCardActionInvoke, refuseUnhandledCardAction } from "./card-actions";
import { renewalClick } from "./renewal-alerts";
import { handleMessage } from "./message-handler";

const CARD_ACTIONS: [verb: string | RegExp, handler: (ctx: BotContext) => Promise<AdaptiveCard | string>][] = [
  [CARD_VERBS.feedback, handleFeedback],
  [/^approval\./, approvalClick],
  [HISTORY_PAGE_VERB, historyPageResponse],
  [/^renewal\./, renewalClick],
];

// Routes match in registration order, so the catch-alls (unknown card verbs, any message) come last.
export function createBot(services: BotServices): Application {
  const { adapter, config, log } = services;
  const app = new Application<TurnState>({
    adapter,
    botAppId: services.botAppId,
    // No turn-state storage: teams-ai would read it from the store before any route runs, so a
    // store outage would lose every question at intake. Nothing here keeps state between turns;
    // what a run needs travels on the queue and the worker reads and writes the store.
    // Typing is sent by the question flow itself: teams-ai's timer is shared across concurrent turns.
    startTypingTimer: false,
    removeRecipientMention: true,
    longRunningMessages: false,
  });
  const on = (turn: TurnContext): BotContext => ({ turn, services });

  if (services.approvals) app.turn("beforeTurn", (turn) => approvalCommands(on(turn)));

  app.conversationUpdate("membersAdded", async (turn) => {
    const botId = turn.activity.recipient.id;
    if (!turn.activity.membersAdded?.some((member) => member.id === botId)) return;
    if (!(await firstWelcome(services.store.botState, turn.activity.conversation.id, log))) return;
    const guide = { memoryTtlMs: config.memory.ttlMs };
    await turn.sendActivity(cardActivity(buildGuideCard("welcome", localeLanguage(turn.activity.locale), guide)));
  });

  for (const [verb, handler] of CARD_ACTIONS) app.adaptiveCards.actionExecute(verb, (turn) => handler(on(turn)));
  app.feedbackLoop((turn, _state, data) => handleNativeFeedback(on(turn), data));
  // Any other card action (unknown verb, no verb, no value): an invoke route, after the verbs above.
  app.addRoute(isCardActionInvoke, (turn) => refuseUnhandledCardAction(on(turn)), true);

  app.activity(ActivityTypes.Message, (turn) => handleMessage(on(turn)));

  app.error(async (turn: TurnContext, error: Error) => {
    const correlationId = turn.activity.id ?? "unknown";
    log(`turn failed (${turn.activity.type}, activity ${correlationId}): ${describeError(error)}`);
    services.telemetry.exception(error, { correlationId, step: `turn:${turn.activity.type}` });
    if (turn.activity.type === (ActivityTypes.Message as string))
      await turn.sendActivity(stringsFor(localeLanguage(turn.activity.locale)).bot.turnError).catch(() => undefined);
  });
  return app;
}

// A client may add the bot again on every page load (the Agents Playground does): one Welcome card per conversation, not one per
// reload. When the store cannot say, the welcome is sent (a second card beats none).
async function firstWelcome(storage: Storage, conversationId: string, log: Log): Promise<boolean> {
  const key = `welcomed/${chatOf(conversationId)}`;
  try {
    if ((await storage.read([key]))[key]) return false;
    await storage.write({ [key]: { welcomedAt: new Date().toISOString() } });
  } catch (error) {
    log(`welcome record of ${key} unavailable, welcoming anyway: ${describeError(error)}`);
  }
  return true;
}
