import type { Container } from "@azure/cosmos";
import type { z } from "zod";
import type { ConditionalWrite, Versioned } from "../workflow/ports";
import { parseDocument, readDocument, writeIfUnchanged } from "./documents";

/** Partitioned by `/id` and written only on a condition, so of concurrent writers exactly one wins. */
export class IdKeyedDocuments<S extends z.ZodType<{ id: string }>> {
  constructor(
    protected readonly container: Container,
    private readonly schema: S,
    /** In store-call errors ("approval"). */
    private readonly noun: string,
  ) {}

  /** `conflict` when one with this id already exists. */
  create(record: z.output<S>): Promise<ConditionalWrite> {
    return writeIfUnchanged(this.container, `${this.noun} ${record.id}`, record, undefined);
  }

  async get(id: string): Promise<Versioned<z.output<S>> | undefined> {
    const document = await readDocument(this.container, id, id);
    return document && { value: parseDocument(this.schema, document.raw, this.container.id), etag: document.etag };
  }

  /** Otherwise `conflict` and nothing changes. */
  replace(record: z.output<S>, etag: string): Promise<ConditionalWrite> {
    return writeIfUnchanged(this.container, `${this.noun} ${record.id}`, record, etag);
  }
}
