import { describeError } from "../domain";
import type { RunLifecycle } from "../workflow/run-lifecycle";
import type { Log } from "../domain";
import type { TeamsStore } from "./bot-deps";

/**
 * Keeps the conversation reference of each run's requester as its run starts, so that a card sent
 * after the question's turn (an approved answer, a rejection or expiry notice) reaches the same chat.
 */
export function rememberConversations(
  lifecycle: Pick<RunLifecycle, "subscribe">,
  conversations: Pick<TeamsStore["conversations"], "save">,
  log: Log,
): () => void {
  return lifecycle.subscribe(async (event) => {
    const conversationId = event.type === "started" ? event.state.requester?.conversationId : undefined;
    if (event.type !== "started" || !event.reference || !conversationId) return;
    await conversations
      .save(conversationId, event.reference)
      .catch((error: unknown) => log(`run ${event.state.runId}: conversation reference not saved: ${describeError(error)}`));
  });
}
