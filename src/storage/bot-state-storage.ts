import type { Container } from "@azure/cosmos";
import type { Storage, StoreItems } from "botbuilder";
import { z } from "zod";
import { cosmosId, parseDocument, readDocument, writeIfUnchanged } from "./documents";
import { storeCall, storeCallExpecting } from "./store-call";

const BotStateDocumentSchema = z.object({ realId: z.string(), document: z.record(z.unknown()) });

/**
 * A botbuilder `Storage` on `botState` (partition key `/id`): what the bot keeps per message (answer messages' runs, stream positions,
 * welcomes), each written whole. A write with an item's eTag is conditional on it and a stale one throws botbuilder's conflict error, as
 * MemoryStorage does.
 */
export class CosmosBotStorage implements Storage {
  constructor(private readonly container: Container) {}

  /** Missing keys are absent from the result. */
  async read(keys: string[]): Promise<StoreItems> {
    const items: StoreItems = {};
    await Promise.all(
      keys.map(async (key) => {
        const id = cosmosId(key);
        const found = await readDocument(this.container, id, id);
        if (found) items[key] = { ...parseDocument(BotStateDocumentSchema, found.raw, this.container.id).document, eTag: found.etag };
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

  private async writeItem(key: string, item: Record<string, unknown>): Promise<void> {
    const { eTag, ...document } = item;
    const stored = { id: cosmosId(key), realId: key, document };
    if (typeof eTag !== "string" || eTag === "*" || eTag === "") {
      await storeCall(`write bot state`, (abortSignal) => this.container.items.upsert(stored, { abortSignal }));
      return;
    }
    if ((await writeIfUnchanged(this.container, "bot state", stored, eTag)).kind === "conflict")
      throw new Error(`Storage: error writing "${key}" due to eTag conflict.`);
  }
}
