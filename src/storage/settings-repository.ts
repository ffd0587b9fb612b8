import type { Container } from "@azure/cosmos";
import { z } from "zod";
import { systemClock, type Clock } from "../domain";
import { cosmosId, parseDocument, readDocument } from "./documents";
import { storeCall } from "./store-call";

const SettingDocumentSchema = z.object({ key: z.string(), value: z.unknown() });

/** Small key/value settings changed at run time (e.g. the approver channel), in `settings`. */
export class CosmosSettingsRepository {
  constructor(
    private readonly container: Container,
    private readonly clock: Clock = systemClock,
  ) {}

  /** The value stored under `key`, validated with `schema`; undefined when unset. */
  async get<S extends z.ZodTypeAny>(key: string, schema: S): Promise<z.output<S> | undefined> {
    const id = cosmosId(key);
    const document = await readDocument(this.container, id, id);
    if (!document) return undefined;
    const { value } = parseDocument(SettingDocumentSchema, document.raw, this.container.id);
    return parseDocument(schema, value, `${this.container.id}/${key}`);
  }

  /** Stores `value` (JSON) under `key`, replacing any earlier value. */
  async set(key: string, value: unknown): Promise<void> {
    await storeCall(`set setting ${key}`, (abortSignal) =>
      this.container.items.upsert({ id: cosmosId(key), key, value, updatedAt: this.clock.now().toISOString() }, { abortSignal }),
    );
  }
}
