import { type Activity, TurnContext } from "botbuilder";
import { buildProgressCard } from "../cards";
import { describeError, detectLanguage, type Requester } from "../domain";
import type { RunQueue } from "../workflow/ports";
import type { Log } from "./bot-deps";
import { repliesFor } from "./bot-replies";
import { cardActivity } from "./card-activity";

/** What accepting a question needs. */
export interface QuestionRunsDeps {
  queue: RunQueue;
  newRunId: () => string;
  /** Called after a question was queued here, so this instance's worker polls at once. */
  queued: () => void;
  log: Log;
}

/**
 * Accepting a question, inside the inbound turn (typing went out first, see typing-first.ts): the
 * progress card, then the run as a message on the run queue — any instance's worker runs it and
 * updates that card. The store is not touched here, so a brief store outage loses nothing; when the
 * queue itself is unreachable the user is told at once that nothing was started.
 */
export class QuestionRuns {
  constructor(private readonly deps: QuestionRunsDeps) {}

  /** Acknowledges the question and queues its run; returns the run id, or undefined when it could not be queued. */
  async start(context: TurnContext, question: string): Promise<string | undefined> {
    const { deps } = this;
    const runId = deps.newRunId();
    const reference = TurnContext.getConversationReference(context.activity);
    const language = detectLanguage(question);
    const progress = await context.sendActivity(cardActivity(buildProgressCard({ language, question, phase: "routing", specialists: [], elapsedSeconds: 0 })));
    // The progress card's id travels with the run, so whichever worker runs it updates this same card.
    const requester = { ...requesterOf(context.activity), ...(progress?.id ? { progressActivityId: progress.id } : {}) };
    try {
      await deps.queue.enqueue({ kind: "question", runId, question, requester, reference: { ...reference }, acceptedAt: new Date().toISOString() });
    } catch (error) {
      deps.log(`run ${runId}: could not be queued, the user was told: ${describeError(error)}`);
      await context.sendActivity(repliesFor(language).queueUnreachable);
      return undefined;
    }
    deps.queued();
    return runId;
  }
}

/** Who asked, as ids only. */
function requesterOf(activity: Activity): Requester {
  return {
    userId: activity.from.id,
    ...(activity.from.aadObjectId ? { aadObjectId: activity.from.aadObjectId } : {}),
    conversationId: activity.conversation.id,
    ...(activity.conversation.tenantId ? { tenantId: activity.conversation.tenantId } : {}),
  };
}
