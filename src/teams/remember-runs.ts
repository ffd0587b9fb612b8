import { describeError, type Log } from "../domain";
import { rememberRun } from "../workflow/conversation-turn";
import type { ConversationMemory } from "../workflow/ports";
import type { RunLifecycle } from "../workflow/run-lifecycle";

/**
 * Keeps each finished run as a turn of its conversation's memory. Lifecycle listeners on `finished`
 * are awaited before the run's card is sent, so a follow-up (or a `reset`) typed after the answer
 * appeared always finds the turn already stored.
 */
export function rememberFinishedRuns(lifecycle: Pick<RunLifecycle, "subscribe">, memory: ConversationMemory, log: Log): () => void {
  return lifecycle.subscribe(async (event) => {
    if (event.type !== "finished") return;
    await rememberRun(memory, event.state).catch((error: unknown) =>
      log(`run ${event.state.runId}: could not remember the turn: ${describeError(error)}`),
    );
  });
}
