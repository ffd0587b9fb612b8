import type { Container } from "@azure/cosmos";
import { FeedbackSchema, type Feedback } from "../domain";
import { cosmosId } from "./cosmos-key";
import { queryDocuments } from "./documents";
import { storeCall } from "./store-call";

/** 👍/👎 feedback in the `feedback` container (partition key `/runId`); one vote per user per run. */
export class CosmosFeedbackRepository {
  constructor(private readonly container: Container) {}

  /** Stores a vote; a second vote by the same user on the same run replaces the first. */
  async save(feedback: Feedback): Promise<void> {
    const valid = FeedbackSchema.parse(feedback);
    await storeCall(`save feedback for run ${valid.runId}`, (abortSignal) =>
      this.container.items.upsert({ ...valid, id: cosmosId(`${valid.runId}|${valid.userId}`) }, { abortSignal }),
    );
  }

  /** Every vote given at or after `since`, across runs (the tuning report's evidence). */
  listSince(since: string): Promise<Feedback[]> {
    return queryDocuments(
      this.container,
      { query: "SELECT * FROM c WHERE c.at >= @since", parameters: [{ name: "@since", value: since }] },
      FeedbackSchema,
    );
  }

  /** The votes on one run, oldest first. */
  listForRun(runId: string): Promise<Feedback[]> {
    return queryDocuments(
      this.container,
      { query: "SELECT * FROM c WHERE c.runId = @runId ORDER BY c.at", parameters: [{ name: "@runId", value: runId }] },
      FeedbackSchema,
      { partitionKey: runId },
    );
  }
}
