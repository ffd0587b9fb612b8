import type { CloudAdapter, ConversationReference, TurnContext } from "botbuilder";

/**
 * Runs `logic` in a proactive turn and rethrows its failure. The adapter hands errors thrown in the
 * turn to its `onTurnError` (set by the teams-ai app, which logs them) instead of rejecting, so
 * without this a failed send would look delivered. An empty bot id is local, unauthenticated mode.
 */
export async function runProactive(
  adapter: Pick<CloudAdapter, "continueConversationAsync">,
  botAppId: string | undefined,
  reference: Partial<ConversationReference>,
  logic: (context: TurnContext) => Promise<void>,
): Promise<void> {
  let failure: { error: unknown } | undefined;
  await adapter.continueConversationAsync(botAppId ?? "", reference, async (context) => {
    try {
      await logic(context);
    } catch (error) {
      failure = { error };
    }
  });
  if (failure) throw failure.error;
}
