import { describeError } from "../domain";
import type { RunStore } from "../workflow/ports";
import type { Log, TeamsStore } from "./bot-deps";
import type { QuestionRuns } from "./question-runs";

/**
 * At start-up: every run a stopped process left `running` is resumed from its checkpoint and its
 * result (answer, error card or review notice) delivered to the stored conversation. Returns how
 * many runs were picked up.
 */
export async function recoverInFlightRuns(
  deps: { runs: RunStore; conversations: TeamsStore["conversations"]; questions: QuestionRuns; log: Log },
): Promise<number> {
  const runs = await deps.runs.listInFlight();
  for (const state of runs) {
    const conversationId = state.requester?.conversationId;
    const reference = conversationId ? await deps.conversations.get(conversationId).catch((error) => {
      deps.log(`run ${state.runId}: could not read its conversation reference: ${describeError(error)}`);
      return undefined;
    }) : undefined;
    if (!reference) deps.log(`run ${state.runId}: no conversation to deliver to; it is concluded and stored only`);
    deps.questions.resume(state, reference);
  }
  if (runs.length > 0) deps.log(`recovery: resumed ${runs.length} run(s) left in flight`);
  return runs.length;
}
