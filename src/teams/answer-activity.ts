import type { Activity, Storage } from "botbuilder";
import {
  answerBodyLimits,
  answerMessageText,
  answerViewFromRun,
  buildAnswerCard,
  cardBytes,
  citationsFromAnswer,
  SHRINK_SCALES,
  type DisplayNames,
} from "../cards";
import type { AppConfig, Env } from "../config";
import { describeError, type Log, type RunState } from "../domain";
import { aiMessageEntity } from "./ai-message-entity";
import { AnswerMessages } from "./answer-messages";
import { cardActivity } from "./card-activity";

/**
 * Teams rejects a bot message above about 28 KB. A native answer is its text, its card and its
 * citations together, so the three are fitted under this (the envelope takes the rest).
 */
export const MESSAGE_SIZE_LIMIT_BYTES = 27 * 1024;

/** What building and remembering answer messages needs. */
interface AnswerActivityDeps {
  names: DisplayNames;
  qscoreThreshold: number;
  /** The sensitivity label of answers that cite a contract (personal chats, where Teams shows it). */
  contractSensitivityLabel?: string;
  /** Where a personal chat's answer message is mapped to its run, for Teams' feedback loop. */
  answerMessages: AnswerMessages;
  log: Log;
}

/**
 * A run's answer as a Teams message, the same for every path that delivers one: the run worker's
 * delivery, and the delivery of an answer an approver signed off (whose card then says so).
 */
export class AnswerActivities {
  constructor(private readonly deps: AnswerActivityDeps) {}

  /** Where personal chats' answer messages are mapped to their runs (the feedback loop reads it). */
  get messages(): AnswerMessages {
    return this.deps.answerMessages;
  }

  /**
   * The answer message. In a personal chat (`native`) it reads as Teams' own: the conclusion and
   * rationale as its text with citation markers, the card below with what the text does not say,
   * the AI label or the offline line, a sensitivity label when a contract is cited, and Teams'
   * feedback loop instead of card buttons. Elsewhere the plain answer card with its own buttons.
   * A native message too large for Teams is built again with shorter texts and, below full size,
   * without the quote cards of citations (their abstracts still quote).
   */
  build(state: RunState, native: boolean): Partial<Activity> {
    const view = answerViewFromRun(state, this.deps.names, { threshold: this.deps.qscoreThreshold });
    if (!native) return cardActivity(buildAnswerCard(view));
    const citations = citationsFromAnswer(view, view.language);
    const label = this.deps.contractSensitivityLabel;
    const sensitivity = label && citations.some((citation) => citation.source === "contract") ? { name: label } : undefined;
    const cardView = { ...view, textAbove: true, nativeFeedback: true };
    let activity: Partial<Activity> = {};
    for (const scale of SHRINK_SCALES) {
      const text = answerMessageText(view, citations, view.language, answerBodyLimits(view, scale));
      const entity = aiMessageEntity({
        citations,
        aiGenerated: !view.offline,
        quoteCards: scale === 1,
        ...(sensitivity ? { sensitivity } : {}),
      });
      const room = MESSAGE_SIZE_LIMIT_BYTES - Buffer.byteLength(text) - Buffer.byteLength(JSON.stringify(entity));
      const card = buildAnswerCard(cardView, Math.max(0, room));
      activity = { ...cardActivity(card), text, entities: [entity], channelData: { feedbackLoopEnabled: true } };
      if (cardBytes(card) <= room) break;
    }
    return activity;
  }

  /** Maps a sent native answer message to its run for Teams' feedback loop; a failure costs only that mapping. */
  async remember(conversationId: string, activityId: string, runId: string): Promise<void> {
    await this.deps.answerMessages.remember(conversationId, activityId, runId).catch((error: unknown) => {
      this.deps.log(`run ${runId}: answer message not remembered for feedback: ${describeError(error)}`);
    });
  }
}

/**
 * The answer messages of a process: names from its prompt library, the sensitivity label of contract
 * answers and the quality threshold shown from configuration, the mapping in `botState`.
 */
export function createAnswerActivities(
  config: { env: Pick<Env, "CONTRACT_SENSITIVITY_LABEL">; workflow: Pick<AppConfig["workflow"], "qscoreThreshold"> },
  options: { names: DisplayNames; botState: Storage; log: Log },
): AnswerActivities {
  const label = config.env.CONTRACT_SENSITIVITY_LABEL;
  return new AnswerActivities({
    names: options.names,
    qscoreThreshold: config.workflow.qscoreThreshold,
    ...(label ? { contractSensitivityLabel: label } : {}),
    answerMessages: new AnswerMessages(options.botState),
    log: options.log,
  });
}
