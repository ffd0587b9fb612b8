import type { Container } from "@azure/cosmos";
import { EvaluationRecordSchema, type EvaluationRecord } from "../domain";
import { queryDocuments } from "./documents";
import { storeCall } from "./store-call";

/** Evaluation records in `evaluations` (partition key `/transcriptId`), stored as the job made them. */
export class CosmosEvaluationRepository {
  constructor(private readonly container: Container) {}

  /** Upserts the record (its id derives from the transcript, so a re-run overwrites). */
  async save(record: EvaluationRecord): Promise<void> {
    const valid = EvaluationRecordSchema.parse(record);
    await storeCall(`save evaluation ${valid.id}`, (abortSignal) => this.container.items.upsert(valid, { abortSignal }));
  }

  /** Every record created at or after `since`, across transcripts (the tuning report's evidence). */
  listSince(since: string): Promise<EvaluationRecord[]> {
    return queryDocuments(
      this.container,
      { query: "SELECT * FROM c WHERE c.createdAt >= @since", parameters: [{ name: "@since", value: since }] },
      EvaluationRecordSchema,
    );
  }
}
