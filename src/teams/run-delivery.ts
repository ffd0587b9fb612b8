import {
  buildAnswerCard,
  buildErrorCard,
  buildOutOfScopeCard,
  buildUnderReviewCard,
  answerViewFromRun,
  errorViewFromRun,
  type DisplayNames,
} from "../cards";
import { SystemError, describeError, type RunState } from "../domain";
import type { Telemetry } from "../telemetry";
import type { AwaitingApprovalHook, Log, Reference, TeamsStore } from "./bot-deps";
import { cardActivity } from "./card-activity";
import type { Messenger } from "./messenger";

/** What delivering a finished run needs. */
export interface DeliveryDeps {
  messenger: Messenger;
  transcripts: TeamsStore["transcripts"];
  telemetry: Telemetry;
  names: DisplayNames;
  qscoreThreshold: number;
  onAwaitingApproval: AwaitingApprovalHook;
  log: Log;
}

/**
 * Tells the requester how their run ended — the answer card, the error card with its correlation
 * id, or (awaiting approval) whatever the approvals hook does — and records the run: transcript
 * and telemetry. Never throws: a failed send is reported, not lost silently.
 */
export async function deliverRun(deps: DeliveryDeps, state: RunState, reference: Reference | undefined): Promise<void> {
  deps.telemetry.runCompleted(state);
  if (state.status === "failed") {
    deps.telemetry.exception(new SystemError(state.failure?.message ?? "run failed", { runId: state.runId }), {
      correlationId: state.failure?.correlationId ?? state.runId,
      runId: state.runId,
      step: "run",
    });
  }
  const reply = reference ? tellRequester(deps, state, reference) : Promise.reject(new Error("no conversation reference is stored"));
  const [sent, saved] = await Promise.allSettled([reply, deps.transcripts.save(state)]);
  if (sent.status === "rejected") report(deps, state, "deliver", sent.reason);
  if (saved.status === "rejected") report(deps, state, "transcript", saved.reason);
}

async function tellRequester(deps: DeliveryDeps, state: RunState, reference: Reference): Promise<void> {
  switch (state.status) {
    case "completed":
      await deps.messenger.send(reference, cardActivity(buildAnswerCard(answerViewFromRun(state, deps.names, { threshold: deps.qscoreThreshold }))));
      return;
    case "failed":
      await deps.messenger.send(reference, cardActivity(buildErrorCard(errorViewFromRun(state))));
      return;
    case "awaiting_approval":
      await deps.onAwaitingApproval(state, reference);
      return;
    case "out_of_scope":
      await deps.messenger.send(reference, cardActivity(buildOutOfScopeCard({ language: state.language, question: state.question })));
      return;
    case "running":
      throw new Error("the run is still running");
  }
}

function report(deps: DeliveryDeps, state: RunState, step: string, error: unknown): void {
  deps.log(`run ${state.runId}: ${step} failed: ${describeError(error)}`);
  deps.telemetry.exception(error, { correlationId: state.runId, runId: state.runId, step });
}

/**
 * The default approvals hook until src/approvals exists: the requester is told the answer is under
 * review; the run stays stored as `awaiting_approval` for the approvals flow to pick up.
 */
export function underReviewNotice(messenger: Messenger): AwaitingApprovalHook {
  return async (state, reference) => {
    await messenger.send(reference, cardActivity(buildUnderReviewCard({ language: state.language, question: state.question })));
  };
}
