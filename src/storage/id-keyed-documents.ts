import type { Container } from "@azure/cosmos";
import type { z } from "zod";
import type { ConditionalWrite, Versioned } from "../workflow/ports";
import { parseDocument, readDocument } from "./documents";
import { storeCallExpecting } from "./store-call";

/** Partitioned by `/id` and written only on a condition, so of concurrent writers exactly one wins. */
export class IdKeyedDocuments<S extends z.ZodType<{ id: string }>> {
  constructor(
    protected readonly container: Container,
    private readonly schema: S,
    /** In store-call errors ("approval"). */
    private readonly noun: string,
  ) {}

  /** `conflict` when one with this id already exists. */
  async create(record: z.output<S>): Promise<ConditionalWrite> {
    const result = await storeCallExpecting(
      `create ${this.noun} ${record.id}`,
      (abortSignal) => this.container.items.create(record, { abortSignal }),
      [409],
    );
    return result.kind === "ok" ? { kind: "written", etag: result.value.etag } : { kind: "conflict" };
  }

  async get(id: string): Promise<Versioned<z.output<S>> | undefined> {
    const document = await readDocument(this.container, id, id);
    return document && { value: parseDocument(this.schema, document.raw, this.container.id), etag: document.etag };
  }

  /** Otherwise `conflict` and nothing changes. */
  async replace(record: z.output<S>, etag: string): Promise<ConditionalWrite> {
    const result = await storeCallExpecting(
      `replace ${this.noun} ${record.id}`,
      (abortSignal) =>
        this.container.item(record.id, record.id).replace(record, { accessCondition: { type: "IfMatch", condition: etag }, abortSignal }),
      [412, 404],
    );
    return result.kind === "ok" ? { kind: "written", etag: result.value.etag } : { kind: "conflict" };
  }
}
