import { buildClarificationCard, buildErrorCard, buildBlockedCard, buildOutOfScopeCard, errorViewFromRun } from "../cards";
import { SystemError, defaultClarification, describeError, type RunCard, type RunState } from "../domain";
import type { Telemetry } from "../telemetry";
import type { RunDelivery } from "../workflow/run-worker";
import type { AwaitingApprovalHook, Log, Reference, TeamsStore } from "./bot-deps";
import type { Activity } from "botbuilder";
import { aiMessageEntity } from "./ai-message-entity";
import type { AnswerActivities } from "./answer-activity";
import { cardActivity } from "./card-activity";
import type { Messenger } from "./messenger";
import type { RunStreams } from "./run-streams";

/** What delivering a finished run needs. */
export interface DeliveryDeps {
  messenger: Messenger;
  transcripts: TeamsStore["transcripts"];
  conversations: TeamsStore["conversations"];
  telemetry: Telemetry;
  /** Builds the answer message (Teams-native in a personal chat) and maps it to its run for the feedback loop. */
  answers: AnswerActivities;
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
      case "answer": {
        // A personal chat's run has a stream: its answer is the Teams-native message, rated through Teams' feedback loop.
        const personal = state.requester?.stream ? state.requester : undefined;
        const activityId = await deliver(deps.answers.build(state, personal !== undefined));
        if (personal && activityId) await deps.answers.remember(personal.conversationId, activityId, state.runId);
        return activityId;
      }
      case "error":
        return deliver(cardActivity(buildErrorCard(errorViewFromRun(state))));
      case "clarification":
        return deliver(this.clarificationActivity(state));
      case "out_of_scope":
        return deliver(cardActivity(buildOutOfScopeCard({ language: state.language, question: state.question })));
      case "blocked":
        return deliver(cardActivity(buildBlockedCard({ language: state.language, question: state.question })));
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
