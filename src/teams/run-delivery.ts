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
import type { AnswerMessages } from "./answer-messages";
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
  /** Where a personal chat's answer message is mapped to its run, for Teams' feedback loop. */
  answerMessages?: AnswerMessages;
  /** The sensitivity label of answers that cite a contract (personal chats, where Teams shows it). */
  contractSensitivityLabel?: string;
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
      case "answer": {
        const activityId = await deliver(this.answerActivity(state));
        if (state.requester?.stream && activityId) await this.rememberAnswer(state, activityId);
        return activityId;
      }
      case "error":
        return deliver(cardActivity(buildErrorCard(errorViewFromRun(state))));
      case "clarification":
        return deliver(this.clarificationActivity(state));
      case "out_of_scope":
        return deliver(cardActivity(buildOutOfScopeCard({ language: state.language, question: state.question })));
      case "approval_request":
        // What the approvals flow tells the requester ends the stream. When it tells nothing, an
        // earlier owner of the run already told them, and that message ended the stream in Teams.
        await deps.onAwaitingApproval(
          state,
          reference,
          open ? (content) => open.end(typeof content === "string" ? { text: content } : cardActivity(content)) : undefined,
        );
        return undefined;
    }
  }

  /**
   * The answer card. In a personal chat (where the run has a stream) the message reads as Teams'
   * own: the conclusion and rationale as its text with citation markers (continuing the streamed
   * text), the card below with what the text does not say, the AI label or the offline line, a
   * sensitivity label when a contract is cited, and Teams' feedback loop instead of card buttons.
   */
  private answerActivity(state: RunState): Partial<Activity> {
    const view = answerViewFromRun(state, this.deps.names, { threshold: this.deps.qscoreThreshold });
    if (!state.requester?.stream) return cardActivity(buildAnswerCard(view));
    const citations = citationsFromAnswer(view, view.language);
    const label = this.deps.contractSensitivityLabel;
    const sensitivity = label && citations.some((citation) => citation.source === "contract") ? { name: label } : undefined;
    return {
      ...cardActivity(buildAnswerCard({ ...view, textAbove: true, nativeFeedback: true })),
      text: answerMessageText(view, citations, view.language),
      entities: [aiMessageEntity({ citations, aiGenerated: !view.offline, ...(sensitivity ? { sensitivity } : {}) })],
      channelData: { feedbackLoopEnabled: true },
    };
  }

  /**
   * The question back. One a model wrote carries the AI-generated label; one the offline engine
   * wrote says it is offline instead; the fixed fallback question carries neither.
   */
  private clarificationActivity(state: RunState): Partial<Activity> {
    const written = state.understanding?.clarification;
    const card = cardActivity(
      buildClarificationCard({
        language: state.language,
        question: state.question,
        clarification: written ?? defaultClarification(state.language),
        offline: written !== undefined && state.offline,
      }),
    );
    return written && !state.offline ? { ...card, entities: [aiMessageEntity({ citations: [], aiGenerated: true })] } : card;
  }

  /** Maps the answer message to its run for Teams' feedback loop; a failure costs only that mapping. */
  private async rememberAnswer(state: RunState, activityId: string): Promise<void> {
    await this.deps.answerMessages?.remember(state.requester!.conversationId, activityId, state.runId).catch((error: unknown) => {
      this.deps.log(`run ${state.runId}: answer message not remembered for feedback: ${describeError(error)}`);
    });
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
