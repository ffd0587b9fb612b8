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

/** Teams rejects a bot message above about 28 KB; a native answer's text, card and citations are fitted under this together. */
export const MESSAGE_SIZE_LIMIT_BYTES = 27 * 1024;

interface AnswerActivityDeps {
  names: DisplayNames;
  qscoreThreshold: number;
  /** The sensitivity label of answers that cite a contract (personal chats, where Teams shows it). */
  contractSensitivityLabel?: string;
  answerMessages: AnswerMessages;
  log: Log;
}

export class AnswerActivities {
  constructor(private readonly deps: AnswerActivityDeps) {}

  get messages(): AnswerMessages {
    return this.deps.answerMessages;
  }

  // In a personal chat (`native`) the answer reads as Teams' own: text with citation markers, the card below with the rest, the AI
  // label, a sensitivity label when a contract is cited, Teams' feedback loop. Too large, it is rebuilt smaller, below full size
  // without the citations' quote cards.
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
