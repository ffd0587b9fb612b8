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
import type { RunLifecycle } from "../workflow/run-lifecycle";
import { cardActivity } from "./messenger";
import { isPersonalChat, memoryKeyOf } from "./conversation-key";
import { TEAMS_STREAM_LIMITS, TeamsStream } from "./teams-stream";

interface QuestionRunsDeps {
  queue: RunQueue;
  newRunId: () => string;
  /** Called after a question was queued here, so this instance's worker polls at once. */
  queued: () => void;
  admission: UserAdmission;
  log: Log;
}

// The first reaction before anything else, the progress card, then the run on the queue (any instance's worker runs it). The store
// is not touched, so a brief outage loses nothing; an unreachable queue is told at once.
export class QuestionRuns {
  constructor(private readonly deps: QuestionRunsDeps) {}

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
    const requester = { ...requesterOf(context.activity), ...(stream ? { stream } : await this.progressCard(context, question, language)) };
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
        acceptedAt: systemClock.now().toISOString(),
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
    if (!stream) return context.sendActivity({ text });
    // Sent as the turn's reply: the stream's activities go back through this turn.
    const messenger = { send: async (_reference: unknown, activity: Partial<Activity>) => (await context.sendActivity(activity))?.id };
    const options = { limits: TEAMS_STREAM_LIMITS, now: () => systemClock.now(), save: async () => {}, log: this.deps.log };
    await new TeamsStream(messenger, reference, stream, options).end({ text });
  }

  /** A personal chat's first stream update (itself a typing activity), elsewhere the typing indicator. */
  private async react(context: TurnContext, language: Language): Promise<StreamPosition | undefined> {
    if (!isPersonalChat(context.activity)) {
      await context.sendActivity({ type: ActivityTypes.Typing });
      return undefined;
    }
    return TeamsStream.start(
      async (activity) => (await context.sendActivity(activity))?.id,
      stringsFor(language).stream.routing,
      systemClock.now(),
    );
  }

  /** Teams streams answers in personal chats only; group chats and channels get the progress card. */
  private async progressCard(context: TurnContext, question: string, language: Language): Promise<Pick<Requester, "progressActivityId">> {
    if (isPersonalChat(context.activity)) return {};
    const progress = await context.sendActivity(
      cardActivity(buildProgressCard({ language, question, phase: "routing", specialists: [], elapsedSeconds: 0 })),
    );
    return progress?.id ? { progressActivityId: progress.id } : {};
  }
}

function requesterOf(activity: Activity): Requester {
  return {
    userId: activity.from.id,
    ...(activity.from.aadObjectId ? { aadObjectId: activity.from.aadObjectId } : {}),
    conversationId: activity.conversation.id,
    ...(activity.conversation.tenantId ? { tenantId: activity.conversation.tenantId } : {}),
  };
}

/** An accepted question counts as in flight until it settles here, or this long: it may settle on another instance. */
const IN_FLIGHT_MS = 10 * 60_000;

type Admission = { ok: true } | { ok: false; limit: "in_flight"; waiting: number } | { ok: false; limit: "per_minute"; max: number };

const MINUTE_MS = 60_000;

// Fair share at intake, per instance, in memory: past USER_MAX_IN_FLIGHT unsettled or USER_MAX_PER_MINUTE questions a person is
// refused politely and nothing is queued. N instances accept at most N times the limits (Teams spreads one person's turns over
// them); the worker's per-person share bounds what a backlog takes from others.
export class UserAdmission {
  private readonly asked = new Map<string, number[]>();
  private readonly inFlight = new Map<string, { user: string; at: number }>();

  constructor(
    private readonly limits: { maxInFlight: number; maxPerMinute: number },
    private readonly clock: Clock = systemClock,
  ) {}

  admit(user: string, runId: string): Admission {
    const now = this.clock.now().getTime();
    for (const [id, run] of this.inFlight) if (now - run.at >= IN_FLIGHT_MS) this.inFlight.delete(id);
    const asked = (this.asked.get(user) ?? []).filter((at) => now - at < MINUTE_MS);
    const waiting = [...this.inFlight.values()].filter((run) => run.user === user).length;
    if (waiting >= this.limits.maxInFlight) return { ok: false, limit: "in_flight", waiting };
    if (asked.length >= this.limits.maxPerMinute) return { ok: false, limit: "per_minute", max: this.limits.maxPerMinute };
    this.asked.set(user, [...asked, now]);
    this.inFlight.set(runId, { user, at: now });
    return { ok: true };
  }

  settle(runId: string): void {
    this.inFlight.delete(runId);
  }
}

/** Settles each run this instance's worker settles or sets aside, so its asker may ask again. */
export function settleAdmittedRuns(lifecycle: Pick<RunLifecycle, "subscribe">, admission: UserAdmission): () => void {
  return lifecycle.subscribe((event) => {
    if (event.type === "settled") admission.settle(event.state.runId);
    if (event.type === "poisoned") admission.settle(event.runId);
  });
}
