import type { Container } from "@azure/cosmos";
import { z } from "zod";
import { ConversationTurnSchema, appendTurn, type ConversationTurn, type MemoryPolicy } from "../domain";
import type { ConversationMemory } from "../workflow/ports";
import { cosmosId } from "./cosmos-key";
import { parseDocument, readDocument } from "./documents";
import { storeCallExpecting } from "./store-call";

const MemoryDocumentSchema = z.object({
  conversationKey: z.string(),
  turns: z.array(ConversationTurnSchema),
  expiresAt: z.string(),
});

/** Two turns finishing at once in one conversation: the loser reads again and retries this often. */
const MAX_WRITE_ATTEMPTS = 4;

/**
 * Each conversation's remembered turns in `conversationMemory` (partition key `/id` = the
 * conversation key): one document per chat or channel thread. The document's `ttl` lets Cosmos
 * delete it after the policy's TTL; `expiresAt` is checked on read as well, because a Cosmos TTL
 * sweep may lag and the embedded server does not sweep at all.
 */
export class CosmosConversationMemory implements ConversationMemory {
  constructor(
    private readonly container: Container,
    private readonly policy: MemoryPolicy,
    private readonly now: () => number = Date.now,
  ) {}

  async recall(conversationKey: string): Promise<ConversationTurn[]> {
    return (await this.read(conversationKey))?.turns ?? [];
  }

  async remember(conversationKey: string, turn: ConversationTurn): Promise<void> {
    const id = cosmosId(conversationKey);
    for (let attempt = 1; attempt <= MAX_WRITE_ATTEMPTS; attempt++) {
      const current = await this.read(conversationKey);
      const document = {
        id,
        conversationKey,
        turns: appendTurn(current?.turns ?? [], turn, this.policy.budgetTokens),
        expiresAt: new Date(this.now() + this.policy.ttlMs).toISOString(),
        ttl: Math.max(1, Math.ceil(this.policy.ttlMs / 1000)),
      };
      const written = current
        ? await storeCallExpecting(
            `remember turn in ${this.container.id}`,
            () => this.container.item(id, id).replace(document, { accessCondition: { type: "IfMatch", condition: current.etag } }),
            [412, 404],
          )
        : await storeCallExpecting(`remember turn in ${this.container.id}`, () => this.container.items.create(document), [409]);
      if (written.kind === "ok") return;
    }
    throw new Error(`conversation memory: gave up after ${MAX_WRITE_ATTEMPTS} concurrent writes`);
  }

  async forget(conversationKey: string): Promise<void> {
    const id = cosmosId(conversationKey);
    await storeCallExpecting(`forget ${this.container.id}`, () => this.container.item(id, id).delete(), [404]);
  }

  /** The unexpired document with its etag; an expired one counts as none. */
  private async read(conversationKey: string): Promise<{ turns: ConversationTurn[]; etag: string } | undefined> {
    const id = cosmosId(conversationKey);
    const document = await readDocument(this.container, id, id);
    if (!document) return undefined;
    const stored = parseDocument(MemoryDocumentSchema, document.raw, this.container.id);
    const turns = Date.parse(stored.expiresAt) > this.now() ? stored.turns : [];
    return { turns, etag: document.etag };
  }
}

/** The same memory in process, for one-shot CLIs, evaluation and tests (nothing outlives the process). */
export class InMemoryConversationMemory implements ConversationMemory {
  private readonly conversations = new Map<string, { turns: ConversationTurn[]; expiresAt: number }>();

  constructor(
    private readonly policy: MemoryPolicy,
    private readonly now: () => number = Date.now,
  ) {}

  async recall(conversationKey: string): Promise<ConversationTurn[]> {
    return structuredClone(this.current(conversationKey));
  }

  // Read and write without an await between them, so concurrent turns never overwrite each other.
  async remember(conversationKey: string, turn: ConversationTurn): Promise<void> {
    const turns = appendTurn(this.current(conversationKey), structuredClone(turn), this.policy.budgetTokens);
    this.conversations.set(conversationKey, { turns, expiresAt: this.now() + this.policy.ttlMs });
  }

  async forget(conversationKey: string): Promise<void> {
    this.conversations.delete(conversationKey);
  }

  private current(conversationKey: string): ConversationTurn[] {
    const entry = this.conversations.get(conversationKey);
    return entry && entry.expiresAt > this.now() ? entry.turns : [];
  }
}
