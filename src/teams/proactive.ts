import type { CloudAdapter, ConversationReference, TurnContext } from "botbuilder";

// The adapter hands a turn's error to onTurnError (teams-ai logs it) instead of rejecting: rethrown here, or a failed send would look
// delivered. An empty bot id is local, unauthenticated mode.
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
