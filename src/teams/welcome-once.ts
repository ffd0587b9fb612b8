import type { Storage } from "botbuilder";
import { describeError, type Log } from "../domain";
import { chatOf } from "./conversation-key";

// A client may add the bot again on every page load (the Agents Playground does): one Welcome card per conversation, not one per
// reload. When the store cannot say, the welcome is sent (a second card beats none).
export async function firstWelcome(storage: Storage, conversationId: string, log: Log): Promise<boolean> {
  const key = `welcomed/${chatOf(conversationId)}`;
  try {
    if ((await storage.read([key]))[key]) return false;
    await storage.write({ [key]: { welcomedAt: new Date().toISOString() } });
  } catch (error) {
    log(`welcome record of ${key} unavailable, welcoming anyway: ${describeError(error)}`);
  }
  return true;
}
