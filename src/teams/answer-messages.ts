import type { Storage } from "botbuilder";
import { z } from "zod";

const AnswerMessageSchema = z.object({ runId: z.string().min(1) });

// Teams' feedback loop names only the message it rates: which run a sent answer belongs to, in the bot's state storage (shared by
// every instance). The chat is in the key, so a rating reaches only an answer sent to the chat it comes from.
export class AnswerMessages {
  constructor(private readonly storage: Storage) {}

  async remember(conversationId: string, activityId: string, runId: string): Promise<void> {
    await this.storage.write({ [keyOf(conversationId, activityId)]: { runId, eTag: "*" } });
  }

  async runOf(conversationId: string, activityId: string): Promise<string | undefined> {
    const key = keyOf(conversationId, activityId);
    const parsed = AnswerMessageSchema.safeParse((await this.storage.read([key]))[key]);
    return parsed.success ? parsed.data.runId : undefined;
  }
}

function keyOf(conversationId: string, activityId: string): string {
  return `answer-message/${conversationId}/${activityId}`;
}
