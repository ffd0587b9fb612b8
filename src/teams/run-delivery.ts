import { buildClarificationCard, buildErrorCard, buildRequesterNotice, errorViewFromRun } from "../cards";
import { defaultClarification, questionToAnswer, stringsFor, type RunCard, type RunState } from "../domain";
import type { RunDelivery } from "../workflow/ports";
import type { Activity } from "botbuilder";
import { aiMessageEntity } from "./ai-message-entity";
import type { AnswerActivities } from "./answer-activity";
import { cardActivity, type Messenger } from "./messenger";
import { isPersonalChat } from "./conversation-key";
import type { RunStreams } from "./run-streams";

interface DeliveryDeps {
  messenger: Messenger;
  answers: AnswerActivities;
  /** Personal chats' open streams: a run's card ends its stream instead of arriving as a new message. */
  streams?: RunStreams;
}

/** The one way any run's card reaches its requester; which card, and whether at all, is the owned run's decision. */
export class TeamsRunDelivery implements RunDelivery {
  constructor(private readonly deps: DeliveryDeps) {}

  async send(card: RunCard, state: RunState): Promise<string | undefined> {
    const { deps } = this;
    const { reference } = state;
    if (!reference) throw new Error(`run ${state.runId}: no conversation reference is stored for the requester`);
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
        // A personal chat's answer is the Teams-native message, rated through Teams' feedback loop. Its
        // run has a stream; a reviewed run's stream ended with the under-review notice, so its stored
        // conversation says whether the chat is personal.
        const personal = state.approval?.decision ? isPersonalChat(reference) : state.requester?.stream !== undefined;
        const activityId = await deliver(deps.answers.build(state, personal));
        if (personal && activityId && state.requester) await deps.answers.remember(state.requester.conversationId, activityId, state.runId);
        return activityId;
      }
      // The notices name the question as the approver saw it (a follow-up made whole).
      case "approval_rejected":
        return deliver(
          cardActivity(
            buildRequesterNotice("rejected", {
              language: state.language,
              question: questionToAnswer(state),
              reason: state.approval?.reason ?? "",
            }),
          ),
        );
      case "approval_expired":
        return deliver(cardActivity(buildRequesterNotice("expired", { language: state.language, question: questionToAnswer(state) })));
      case "error":
        return deliver(cardActivity(buildErrorCard(errorViewFromRun(state))));
      case "clarification":
        return deliver(this.clarificationActivity(state));
      case "out_of_scope":
        return deliver(cardActivity(buildRequesterNotice("outOfScope", { language: state.language, question: state.question })));
      case "blocked":
        return deliver(cardActivity(buildRequesterNotice("blocked", { language: state.language, question: state.question })));
      case "approval_request":
        return deliver(cardActivity(buildRequesterNotice("underReview", { language: state.language, question: state.question })));
      case "approval_unavailable":
        return deliver({ text: stringsFor(state.language).approvals.submitFailed });
    }
  }

  /** A model's question back carries the AI label; the offline engine's says it is offline; the fixed fallback carries neither. */
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
}
