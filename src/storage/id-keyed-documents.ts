import type { Container } from "@azure/cosmos";
import type { z } from "zod";
import type { ConditionalWrite, Versioned } from "../workflow/ports";
import { parseDocument, readDocument } from "./documents";
import { storeCallExpecting } from "./store-call";

/**
 * Records of one schema in a container partitioned by `/id`, written only on a condition: `create`
 * only when the id is free (a 409 is `conflict`), `replace` only at the etag read (a 412 or 404 is
 * `conflict`), so of concurrent writers exactly one wins.
 */
export class IdKeyedDocuments<S extends z.ZodType<{ id: string }>> {
  constructor(
    protected readonly container: Container,
    private readonly schema: S,
    /** What a record is called in store-call errors ("approval"). */
    private readonly noun: string,
  ) {}

  /** Stores a new record; `conflict` when one with this id already exists. */
  async create(record: z.output<S>): Promise<ConditionalWrite> {
    const result = await storeCallExpecting(
      `create ${this.noun} ${record.id}`,
      (abortSignal) => this.container.items.create(record, { abortSignal }),
      [409],
    );
    return result.kind === "ok" ? { kind: "written", etag: result.value.etag } : { kind: "conflict" };
  }

  /** The record and the etag to replace it with, or undefined. */
  async get(id: string): Promise<Versioned<z.output<S>> | undefined> {
    const document = await readDocument(this.container, id, id);
    return document && { value: parseDocument(this.schema, document.raw, this.container.id), etag: document.etag };
  }

  /** Replaces the record only if it is still at `etag`; otherwise `conflict` and nothing changes. */
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
