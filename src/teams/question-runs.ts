import { ActivityTypes, type Activity, type ConversationReference, TurnContext } from "botbuilder";
import { buildProgressCard } from "../cards";
import {
  describeError,
  detectLanguage,
  stringsFor,
  systemClock,
  userKeyOf,
  type Clock,
  type Language,
  type Log,
  type Requester,
  type StreamPosition,
} from "../domain";
import type { RunQueue } from "../workflow/ports";
import { cardActivity } from "./card-activity";
import { isPersonalChat, memoryKeyOf } from "./conversation-key";
import type { Messenger } from "./messenger";
import { TEAMS_STREAM_LIMITS, TeamsStream } from "./teams-stream";
import type { UserAdmission } from "./user-admission";

/** What accepting a question needs. */
interface QuestionRunsDeps {
  queue: RunQueue;
  newRunId: () => string;
  /** Called after a question was queued here, so this instance's worker polls at once. */
  queued: () => void;
  /** The per-person limits at intake (fair share). */
  admission: UserAdmission;
  log: Log;
  /** Dates the acceptance and the stream; the system clock when absent. */
  clock?: Clock;
}

/**
 * Accepting a question, inside the inbound turn: the first reaction (a personal chat's first stream
 * update, elsewhere typing) before anything else, the progress card, then the run as a message on the
 * run queue — any instance's worker runs it and updates that card. The store is not touched here, so a brief store outage loses nothing; when the
 * queue itself is unreachable the user is told at once that nothing was started.
 */
export class QuestionRuns {
  private readonly clock: Clock;

  constructor(private readonly deps: QuestionRunsDeps) {
    this.clock = deps.clock ?? systemClock;
  }

  /** Acknowledges the question and queues its run; returns the run id, or undefined when it could not be queued. */
  async start(context: TurnContext, question: string): Promise<string | undefined> {
    const { deps } = this;
    const runId = deps.newRunId();
    const reference = TurnContext.getConversationReference(context.activity);
    const language = detectLanguage(question);
    const stream = await this.react(context, language);
    const admission = deps.admission.admit(userKeyOf(requesterOf(context.activity)), runId);
    if (!admission.ok) {
      const replies = stringsFor(language).bot;
      deps.log(`question not accepted: the asker is over USER_MAX_${admission.limit === "in_flight" ? "IN_FLIGHT" : "PER_MINUTE"}`);
      const text = admission.limit === "in_flight" ? replies.tooManyInFlight(admission.waiting) : replies.tooManyPerMinute(admission.max);
      await this.tell(context, reference, stream, text);
      return undefined;
    }
    // The progress card's id (or, in a personal chat, the stream's position) travels with the run, so
    // whichever worker runs it updates this same card or continues this same stream.
    const requester = { ...requesterOf(context.activity), ...(await this.acknowledge(context, question, language, stream)) };
    try {
      // The memory that makes a follow-up standalone: the chat's, or in a shared one the asker's own there.
      const conversationKey = memoryKeyOf(context.activity);
      await deps.queue.enqueue({
        kind: "question",
        runId,
        question,
        requester,
        reference: { ...reference },
        conversationKey,
        acceptedAt: this.clock.now().toISOString(),
      });
    } catch (error) {
      deps.admission.settle(runId);
      deps.log(`run ${runId}: could not be queued, the user was told: ${describeError(error)}`);
      await this.tell(context, reference, requester.stream, stringsFor(language).bot.queueUnreachable);
      return undefined;
    }
    deps.queued();
    return runId;
  }

  /** Why nothing was started, as the turn's reply: a started stream ends with it, so none is left open in the chat. */
  private async tell(context: TurnContext, reference: Partial<ConversationReference>, stream: StreamPosition | undefined, text: string) {
    if (stream)
      await new TeamsStream(turnMessenger(context), reference, stream, {
        limits: TEAMS_STREAM_LIMITS,
        now: () => this.clock.now(),
        save: async () => {},
        log: this.deps.log,
      }).end({ text });
    else await context.sendActivity({ text });
  }

  /**
   * The first reaction: in a personal chat the stream's first informative update (itself a typing
   * activity, so it also shows the indicator), elsewhere the typing indicator.
   */
  private async react(context: TurnContext, language: Language): Promise<StreamPosition | undefined> {
    if (!isPersonalChat(context.activity)) {
      await context.sendActivity({ type: ActivityTypes.Typing });
      return undefined;
    }
    return TeamsStream.start(
      async (activity) => (await context.sendActivity(activity))?.id,
      stringsFor(language).stream.routing,
      this.clock.now(),
    );
  }

  /** Teams streams answers in personal chats only; group chats and channels get the progress card. */
  private async acknowledge(
    context: TurnContext,
    question: string,
    language: Language,
    stream: StreamPosition | undefined,
  ): Promise<Pick<Requester, "progressActivityId" | "stream">> {
    if (isPersonalChat(context.activity)) return stream ? { stream } : {};
    const progress = await context.sendActivity(
      cardActivity(buildProgressCard({ language, question, phase: "routing", specialists: [], elapsedSeconds: 0 })),
    );
    return progress?.id ? { progressActivityId: progress.id } : {};
  }
}

/** Sends within the inbound turn, as a messenger would proactively. */
function turnMessenger(context: TurnContext): Pick<Messenger, "send"> {
  return { send: async (_reference, activity) => (await context.sendActivity(activity))?.id };
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
