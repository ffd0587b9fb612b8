import type { Container } from "@azure/cosmos";
import type { ConversationAccount, ConversationReference } from "botbuilder";
import { z } from "zod";
import { systemClock, type Clock } from "../domain";
import { cosmosId, parseDocument, readDocument } from "./documents";
import { storeCall } from "./store-call";

/** What a proactive reply needs from a botbuilder ConversationReference; other fields pass through. */
const ConversationReferenceSchema = z
  .object({
    channelId: z.string(),
    serviceUrl: z.string(),
    conversation: z.custom<ConversationAccount>(
      (value) => typeof value === "object" && value !== null && typeof (value as { id?: unknown }).id === "string",
      "conversation.id is required",
    ),
  })
  .passthrough();

const StoredReferenceSchema = z.object({ reference: ConversationReferenceSchema });

/** Conversation references for proactive replies, in `conversations` (partition key `/id`). */
export class CosmosConversationRepository {
  constructor(
    private readonly container: Container,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Stores (or refreshes) the reference of a conversation. */
  async save(conversationId: string, reference: Partial<ConversationReference>): Promise<void> {
    const valid = ConversationReferenceSchema.parse(reference);
    await storeCall(`save conversation reference`, (abortSignal) =>
      this.container.items.upsert(
        { id: cosmosId(conversationId), conversationId, reference: valid, updatedAt: this.clock.now().toISOString() },
        { abortSignal },
      ),
    );
  }

  /** The stored reference, or undefined when the bot has never seen the conversation. */
  async get(conversationId: string): Promise<Partial<ConversationReference> | undefined> {
    const id = cosmosId(conversationId);
    const document = await readDocument(this.container, id, id);
    return document && parseDocument(StoredReferenceSchema, document.raw, this.container.id).reference;
  }
}
