import { ActivityTypes, type Activity, type Middleware, type TurnContext } from "botbuilder";
import { detectLanguage, type StreamPosition, stringsFor } from "../domain";
import { isPersonalChat } from "./conversation-key";
import { TeamsStream } from "./teams-stream";

/** Where the turn keeps the stream its first reaction started. */
const STARTED_STREAM = Symbol("startedStream");

/**
 * Sends the first reaction to a question as the first thing its turn does, before teams-ai loads
 * turn state from the store: under load that load is what delays it. In a personal chat the first
 * reaction is the stream's first informative update (itself a typing activity, so it also shows
 * the indicator); elsewhere the typing indicator. Commands and bad input get their instant reply
 * without it.
 */
export function typingFirst(questionOf: (activity: Activity) => string | undefined): Middleware {
  return {
    async onTurn(context: TurnContext, next: () => Promise<void>): Promise<void> {
      const question = context.activity.type === (ActivityTypes.Message as string) ? questionOf(context.activity) : undefined;
      if (question !== undefined) {
        if (isPersonalChat(context.activity)) {
          const position = await TeamsStream.start(
            async (activity) => (await context.sendActivity(activity))?.id,
            stringsFor(detectLanguage(question)).stream.routing,
            new Date(),
          );
          if (position) context.turnState.set(STARTED_STREAM, position);
        } else await context.sendActivity({ type: ActivityTypes.Typing });
      }
      await next();
    },
  };
}

/** The stream this turn's first reaction started, if it did. */
export function streamStartedIn(context: TurnContext): StreamPosition | undefined {
  return context.turnState.get<StreamPosition | undefined>(STARTED_STREAM);
}
