import { ActivityTypes, type Activity, type Middleware, type TurnContext } from "botbuilder";

/**
 * Sends the typing indicator as the first thing a question's turn does, before teams-ai loads turn
 * state from the store: under load that load is what delays the first visible reaction. Commands
 * and bad input get their instant reply without it.
 */
export function typingFirst(isQuestion: (activity: Activity) => boolean): Middleware {
  return {
    async onTurn(context: TurnContext, next: () => Promise<void>): Promise<void> {
      if (context.activity.type === (ActivityTypes.Message as string) && isQuestion(context.activity))
        await context.sendActivity({ type: ActivityTypes.Typing });
      await next();
    },
  };
}
