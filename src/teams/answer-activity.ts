import type { Activity, Storage } from "botbuilder";
import { z } from "zod";
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
import { cardActivity } from "./messenger";

/** Teams rejects a bot message above about 28 KB; a native answer's text, card and citations are fitted under this together. */
export const MESSAGE_SIZE_LIMIT_BYTES = 27 * 1024;

const AnswerMessageSchema = z.object({ runId: z.string().min(1) });

export class AnswerActivities {
  constructor(
    private readonly config: { env: Pick<Env, "CONTRACT_SENSITIVITY_LABEL">; workflow: Pick<AppConfig["workflow"], "qscoreThreshold"> },
    private readonly deps: { names: DisplayNames; botState: Storage; log: Log },
  ) {}

  // In a personal chat (`native`) the answer reads as Teams' own: text with citation markers, the card below with the rest, the AI
  // label, a sensitivity label when a contract is cited, Teams' feedback loop. Too large, it is rebuilt smaller, below full size
  // without the citations' quote cards.
  build(state: RunState, native: boolean): Partial<Activity> {
    const view = answerViewFromRun(state, this.deps.names, { threshold: this.config.workflow.qscoreThreshold });
    if (!native) return cardActivity(buildAnswerCard(view));
    const citations = citationsFromAnswer(view, view.language);
    const label = this.config.env.CONTRACT_SENSITIVITY_LABEL;
    const sensitivity = label && citations.some((citation) => citation.source === "contract") ? { name: label } : undefined;
    const cardView = { ...view, native: true };
    let activity: Partial<Activity> = {};
    for (const scale of SHRINK_SCALES) {
      const text = answerMessageText(view, citations, view.language, answerBodyLimits(view, scale));
      const entity = aiMessageEntity({ citations, aiGenerated: !view.offline, quoteCards: scale === 1, sensitivity });
      const room = MESSAGE_SIZE_LIMIT_BYTES - Buffer.byteLength(text) - Buffer.byteLength(JSON.stringify(entity));
      const card = buildAnswerCard(cardView, Math.max(0, room));
      activity = { ...cardActivity(card), text, entities: [entity], channelData: { feedbackLoopEnabled: true } };
      if (cardBytes(card) <= room) break;
    }
    return activity;
  }

  // Teams' feedback loop names only the message it rates: which run a sent answer belongs to is kept in the bot's state storage
  // (shared by every instance), keyed by chat too, so a rating reaches only an answer sent to the chat it comes from. A failure to
  // remember costs only that mapping.
  async remember(conversationId: string, activityId: string, runId: string): Promise<void> {
    await this.deps.botState.write({ [answerMessageKey(conversationId, activityId)]: { runId, eTag: "*" } }).catch((error: unknown) => {
      this.deps.log(`run ${runId}: answer message not remembered for feedback: ${describeError(error)}`);
    });
  }

  async runOf(conversationId: string, activityId: string): Promise<string | undefined> {
    const key = answerMessageKey(conversationId, activityId);
    const parsed = AnswerMessageSchema.safeParse((await this.deps.botState.read([key]))[key]);
    return parsed.success ? parsed.data.runId : undefined;
  }
}

function answerMessageKey(conversationId: string, activityId: string): string {
  return `answer-message/${conversationId}/${activityId}`;
}
