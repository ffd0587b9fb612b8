import {
  buildAnswerCard,
  buildErrorCard,
  buildOutOfScopeCard,
  buildUnderReviewCard,
  answerViewFromRun,
  errorViewFromRun,
  type DisplayNames,
} from "../cards";
import { SystemError, describeError, type RunCard, type RunState } from "../domain";
import type { Telemetry } from "../telemetry";
import type { RunDelivery } from "../workflow/run-worker";
import type { AwaitingApprovalHook, Log, Reference, TeamsStore } from "./bot-deps";
import { cardActivity } from "./card-activity";
import type { Messenger } from "./messenger";

/** What delivering a finished run needs. */
export interface DeliveryDeps {
  messenger: Messenger;
  transcripts: TeamsStore["transcripts"];
  conversations: TeamsStore["conversations"];
  telemetry: Telemetry;
  names: DisplayNames;
  qscoreThreshold: number;
  onAwaitingApproval: AwaitingApprovalHook;
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
    switch (card) {
      case "answer":
        return deps.messenger.send(reference, cardActivity(buildAnswerCard(answerViewFromRun(state, deps.names, { threshold: deps.qscoreThreshold }))));
      case "error":
        return deps.messenger.send(reference, cardActivity(buildErrorCard(errorViewFromRun(state))));
      case "out_of_scope":
        return deps.messenger.send(reference, cardActivity(buildOutOfScopeCard({ language: state.language, question: state.question })));
      case "approval_request":
        await deps.onAwaitingApproval(state, reference);
        return undefined;
    }
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
    await deps.transcripts.save(state).catch((error) => {
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
  return async (state, reference) => {
    await messenger.send(reference, cardActivity(buildUnderReviewCard({ language: state.language, question: state.question })));
  };
}
