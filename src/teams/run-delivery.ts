import { buildClarificationCard, buildErrorCard, buildRequesterNotice, errorViewFromRun, type RequesterNotice } from "../cards";
import { questionToAnswer, stringsFor, type RunCard, type RunState } from "../domain";
import type { RunDelivery } from "../workflow/ports";
import type { Activity } from "botbuilder";
import { aiMessageEntity } from "./ai-message-entity";
import type { AnswerActivities } from "./answer-activity";
import { cardActivity, type Messenger } from "./messenger";
import { isPersonalChat } from "./conversation-key";
import type { RunStreams } from "./run-progress";

const NOTICES = {
  approval_rejected: "rejected",
  approval_expired: "expired",
  out_of_scope: "outOfScope",
  blocked: "blocked",
  approval_request: "underReview",
} as const satisfies Partial<Record<RunCard, RequesterNotice>>;

/** The one way any run's card reaches its requester; which card, and whether at all, is the owned run's decision. */
export class TeamsRunDelivery implements RunDelivery {
  constructor(private readonly deps: { messenger: Messenger; answers: AnswerActivities; streams?: RunStreams }) {}

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
      case "error":
        return deliver(cardActivity(buildErrorCard(errorViewFromRun(state))));
      case "clarification":
        return deliver(this.clarificationActivity(state));
      case "approval_unavailable":
        return deliver({ text: stringsFor(state.language).approvals.submitFailed });
      default: {
        // A declined approval's notice names the question as the approver saw it (a follow-up made whole).
        const declined = card === "approval_rejected" || card === "approval_expired";
        const question = declined ? questionToAnswer(state) : state.question;
        const reason = card === "approval_rejected" ? state.approval?.reason : undefined;
        return deliver(cardActivity(buildRequesterNotice(NOTICES[card], { language: state.language, question, reason })));
      }
    }
  }

  /** A model's question back carries the AI label; the offline engine's says it is offline; the fixed fallback carries neither. */
  private clarificationActivity(state: RunState): Partial<Activity> {
    const written = state.understanding?.clarification;
    const card = cardActivity(
      buildClarificationCard({
        language: state.language,
        question: state.question,
        clarification: written ?? stringsFor(state.language).followUps.clarification,
        offline: written !== undefined && state.offline,
      }),
    );
    return written && !state.offline ? { ...card, entities: [aiMessageEntity({ citations: [], aiGenerated: true })] } : card;
  }
}
