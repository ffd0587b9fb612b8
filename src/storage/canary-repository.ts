import type { Container } from "@azure/cosmos";
import { CanaryRecordSchema, type CanaryRecord } from "../domain";
import { queryDocuments } from "./documents";
import { storeCall } from "./store-call";

/** Golden-set canary runs in `canaryRuns` (partition key `/id`), one document per run. */
export class CosmosCanaryRepository {
  constructor(private readonly container: Container) {}

  /** Stores one canary run (validated). */
  async save(record: CanaryRecord): Promise<void> {
    const valid = CanaryRecordSchema.parse(record);
    await storeCall(`save canary run ${valid.id}`, (abortSignal) => this.container.items.upsert(valid, { abortSignal }));
  }

  /** The canary runs started at or after `since`, newest first. */
  listSince(since: string): Promise<CanaryRecord[]> {
    return queryDocuments(
      this.container,
      { query: "SELECT * FROM c WHERE c.startedAt >= @since ORDER BY c.startedAt DESC", parameters: [{ name: "@since", value: since }] },
      CanaryRecordSchema,
    );
  }
}
