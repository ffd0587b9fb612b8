import type { Container } from "@azure/cosmos";
import type { Storage, StoreItems } from "botbuilder";
import { z } from "zod";
import { cosmosId, parseDocument, readDocument, writeIfUnchanged } from "./documents";
import { storeCall, storeCallExpecting } from "./store-call";
import type { ConditionalWrite, Versioned } from "../workflow/ports";
import { updateVersioned } from "../workflow/versioned-update";

const BotStateDocumentSchema = z.object({ realId: z.string(), document: z.record(z.unknown()) });

export type ConflictPolicy = "reject" | "merge";

/** Write attempts (the first, then merges) before a write that keeps losing races gives up with the conflict error. */
const MAX_MERGE_ATTEMPTS = 3;

/**
 * A botbuilder `Storage` on `botState` (partition key `/id`); a write with an item's eTag is conditional on it. On a stale eTag `reject`
 * throws botbuilder's conflict error (as MemoryStorage does); `merge` lays the writer's top-level keys over the latest document and tries
 * again (bounded), so two concurrent turns of one conversation both keep their changes: teams-ai writes back the whole scope it read.
 */
export class CosmosBotStorage implements Storage {
  constructor(
    private readonly container: Container,
    private readonly onConflict: ConflictPolicy,
  ) {}

  /** Missing keys are absent from the result. */
  async read(keys: string[]): Promise<StoreItems> {
    const items: StoreItems = {};
    await Promise.all(
      keys.map(async (key) => {
        const found = await this.readItem(key);
        if (found) items[key] = { ...found.value, eTag: found.etag };
      }),
    );
    return items;
  }

  async write(changes: StoreItems): Promise<void> {
    await Promise.all(Object.entries(changes).map(([key, item]) => this.writeItem(key, item as Record<string, unknown>)));
  }

  /** Keys that do not exist are ignored. */
  async delete(keys: string[]): Promise<void> {
    await Promise.all(
      keys.map((key) => {
        const id = cosmosId(key);
        return storeCallExpecting(`delete bot state`, (abortSignal) => this.container.item(id, id).delete({ abortSignal }), [404]);
      }),
    );
  }

  private async readItem(key: string): Promise<Versioned<Record<string, unknown>> | undefined> {
    const id = cosmosId(key);
    const found = await readDocument(this.container, id, id);
    return found && { value: parseDocument(BotStateDocumentSchema, found.raw, this.container.id).document, etag: found.etag };
  }

  private async writeItem(key: string, item: Record<string, unknown>): Promise<void> {
    const { eTag, ...document } = item;
    const id = cosmosId(key);
    if (typeof eTag !== "string" || eTag === "*" || eTag === "") {
      await storeCall(`write bot state`, (abortSignal) => this.container.items.upsert({ id, realId: key, document }, { abortSignal }));
      return;
    }
    if ((await this.writeIf(key, document, eTag)).kind === "written") return;
    if (this.onConflict === "reject") throw conflictError(key);
    // The writer's keys over the latest document; deleted meanwhile, the writer's state stands alone.
    await updateVersioned<Record<string, unknown>>(
      { read: () => this.readItem(key), write: (content, etag) => this.writeIf(key, content, etag) },
      (latest) => (latest ? { ...latest, ...document } : document),
      { attempts: MAX_MERGE_ATTEMPTS - 1, gaveUp: () => conflictError(key) },
    );
  }

  /** Without an `etag`, only if the item does not exist. */
  private writeIf(key: string, document: Record<string, unknown>, etag: string | undefined): Promise<ConditionalWrite> {
    return writeIfUnchanged(this.container, "bot state", { id: cosmosId(key), realId: key, document }, etag);
  }
}

function conflictError(key: string): Error {
  return new Error(`Storage: error writing "${key}" due to eTag conflict.`);
}
