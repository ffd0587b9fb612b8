import type { Container } from "@azure/cosmos";
import { z } from "zod";
import type { AppConfig } from "../config";
import { ConversationTurnSchema, appendTurn, type ConversationTurn } from "../domain";
import type { ConditionalWrite, ConversationMemory, Versioned } from "../workflow/ports";
import { updateVersioned } from "../workflow/versioned-update";
import { cosmosId, parseDocument, readDocument, writeIfUnchanged } from "./documents";
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
    private readonly policy: AppConfig["memory"],
    private readonly now: () => number = Date.now,
  ) {}

  async recall(conversationKey: string): Promise<ConversationTurn[]> {
    return (await this.read(conversationKey))?.value ?? [];
  }

  async remember(conversationKey: string, turn: ConversationTurn): Promise<void> {
    await updateVersioned<ConversationTurn[]>(
      { read: () => this.read(conversationKey), write: (turns, etag) => this.write(conversationKey, turns, etag) },
      (turns) => appendTurn(turns ?? [], turn, this.policy.budgetTokens),
      {
        attempts: MAX_WRITE_ATTEMPTS,
        gaveUp: () => new Error(`conversation memory: gave up after ${MAX_WRITE_ATTEMPTS} concurrent writes`),
      },
    );
  }

  async forget(conversationKey: string): Promise<void> {
    const id = cosmosId(conversationKey);
    await storeCallExpecting(`forget ${this.container.id}`, (abortSignal) => this.container.item(id, id).delete({ abortSignal }), [404]);
  }

  /** The unexpired turns with their document's etag; an expired document's turns count as none. */
  private async read(conversationKey: string): Promise<Versioned<ConversationTurn[]> | undefined> {
    const id = cosmosId(conversationKey);
    const document = await readDocument(this.container, id, id);
    if (!document) return undefined;
    const stored = parseDocument(MemoryDocumentSchema, document.raw, this.container.id);
    const turns = Date.parse(stored.expiresAt) > this.now() ? stored.turns : [];
    return { value: turns, etag: document.etag };
  }

  /** Stores the turns with a fresh expiry: replaced at `etag`, or created when there is none; a lost race is a conflict. */
  private write(conversationKey: string, turns: ConversationTurn[], etag: string | undefined): Promise<ConditionalWrite> {
    const id = cosmosId(conversationKey);
    const document = {
      id,
      conversationKey,
      turns,
      expiresAt: new Date(this.now() + this.policy.ttlMs).toISOString(),
      ttl: Math.max(1, Math.ceil(this.policy.ttlMs / 1000)),
    };
    return writeIfUnchanged(this.container, `turns in ${this.container.id}`, document, etag);
  }
}

/** The same memory in process, for one-shot CLIs, evaluation and tests (nothing outlives the process). */
export class InMemoryConversationMemory implements ConversationMemory {
  private readonly conversations = new Map<string, { turns: ConversationTurn[]; expiresAt: number }>();

  constructor(
    private readonly policy: AppConfig["memory"],
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
