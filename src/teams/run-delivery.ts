import {
  buildAnswerCard,
  buildClarificationCard,
  buildErrorCard,
  buildOutOfScopeCard,
  buildUnderReviewCard,
  answerMessageText,
  answerViewFromRun,
  citationsFromAnswer,
  errorViewFromRun,
  type DisplayNames,
} from "../cards";
import { SystemError, defaultClarification, describeError, type RunCard, type RunState } from "../domain";
import type { Telemetry } from "../telemetry";
import type { RunDelivery } from "../workflow/run-worker";
import type { AwaitingApprovalHook, Log, Reference, TeamsStore } from "./bot-deps";
import type { Activity } from "botbuilder";
import { aiMessageEntity } from "./ai-message-entity";
import { cardActivity } from "./card-activity";
import type { Messenger } from "./messenger";
import type { RunStreams } from "./run-streams";

/** What delivering a finished run needs. */
export interface DeliveryDeps {
  messenger: Messenger;
  transcripts: TeamsStore["transcripts"];
  conversations: TeamsStore["conversations"];
  telemetry: Telemetry;
  names: DisplayNames;
  qscoreThreshold: number;
  onAwaitingApproval: AwaitingApprovalHook;
  /** Personal chats' open streams: a run's card ends its stream instead of arriving as a new message. */
  streams?: RunStreams;
  log: Log;
}

/**
 * The run worker's delivery in Teams: the answer card, the error card with its correlation id, or
 * (awaiting approval) whatever the approvals hook does; and the run's record (transcript, telemetry).
 * Whether a card is sent at all is the run lifecycle's decision (once per run).
 */
export class TeamsRunDelivery implements RunDelivery {
  constructor(private readonly deps: DeliveryDeps) {}

  async send(card: RunCard, state: RunState, reference: Reference): Promise<string | undefined> {
    const { deps } = this;
    const stream = deps.streams?.get(state.runId);
    deps.streams?.delete(state.runId);
    // A stream past Teams' limit no longer takes a final message: the run's card then comes as a plain one.
    const open = stream && !stream.expired ? stream : undefined;
    const deliver = async (activity: Partial<Activity>): Promise<string | undefined> => {
      if (!open) return deps.messenger.send(reference, activity);
      await open.end(activity);
      return state.requester?.stream?.id;
    };
    switch (card) {
      case "answer":
        return deliver(this.answerActivity(state));
      case "error":
        return deliver(cardActivity(buildErrorCard(errorViewFromRun(state))));
      case "clarification":
        return deliver(
          cardActivity(buildClarificationCard({ language: state.language, question: state.question, clarification: state.understanding?.clarification ?? defaultClarification(state.language) })),
        );
      case "out_of_scope":
        return deliver(cardActivity(buildOutOfScopeCard({ language: state.language, question: state.question })));
      case "approval_request":
        // What the approvals flow tells the requester ends the stream. When it tells nothing, an
        // earlier owner of the run already told them, and that message ended the stream in Teams.
        await deps.onAwaitingApproval(state, reference, open ? (content) => open.end(typeof content === "string" ? { text: content } : cardActivity(content)) : undefined);
        return undefined;
    }
  }

  /** The answer card; as a stream's final message it also carries the answer as text with its citations and the AI label. */
  private answerActivity(state: RunState): Partial<Activity> {
    const view = answerViewFromRun(state, this.deps.names, { threshold: this.deps.qscoreThreshold });
    const activity = cardActivity(buildAnswerCard(view));
    if (!state.requester?.stream) return activity;
    const citations = citationsFromAnswer(view, view.language);
    return { ...activity, text: answerMessageText(view, citations, view.language), entities: [aiMessageEntity({ citations, aiGenerated: !view.offline })] };
  }

  async record(state: RunState): Promise<void> {
    const { deps } = this;
    deps.telemetry.runCompleted(state);
    if (state.status === "failed") {
      deps.telemetry.exception(new SystemError(state.failure?.message ?? "run failed", { runId: state.runId }), {
        correlationId: state.failure?.correlationId ?? state.runId,
        runId: state.runId,
        step: "run",
      });
    }
    await deps.transcripts.save(state).catch((error: unknown) => {
      deps.log(`run ${state.runId}: transcript failed: ${describeError(error)}`);
      deps.telemetry.exception(error, { correlationId: state.runId, runId: state.runId, step: "transcript" });
    });
  }

  remember(conversationId: string, reference: Reference): Promise<void> {
    return this.deps.conversations.save(conversationId, reference);
  }

  reference(conversationId: string): Promise<Reference | undefined> {
    return this.deps.conversations.get(conversationId);
  }
}

/**
 * The default approvals hook when no approvals flow is wired: the requester is told the answer is
 * under review; the run stays stored as `awaiting_approval`.
 */
export function underReviewNotice(messenger: Messenger): AwaitingApprovalHook {
  return async (state, reference, tell) => {
    const notice = buildUnderReviewCard({ language: state.language, question: state.question });
    if (tell) await tell(notice);
    else await messenger.send(reference, cardActivity(notice));
  };
}
