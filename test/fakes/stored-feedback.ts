import type { CosmosStore } from "../../src/storage/cosmos-store";
import type { Feedback } from "../../src/domain";

/** One run's stored votes, oldest first, read through the listing the evaluation job uses. */
export async function feedbackForRun(store: Pick<CosmosStore, "feedback">, runId: string): Promise<Feedback[]> {
  const all = await store.feedback.listSince("");
  return all.filter((vote) => vote.runId === runId).sort((a, b) => a.at.localeCompare(b.at));
}
