import type { ProcurementDataSet } from "../domain";
import { generateSampleDataSet } from "../tools/sample-data";
import type { CosmosProcurementData, DataSetCounts } from "./cosmos-procurement-data";

/** What a seeding wrote and how long it took. */
export interface SeedResult {
  counts: DataSetCounts;
  durationMs: number;
}

/** Loads the sample data set (or the given one) into the store's data containers, overwriting by id. */
export async function seedSampleData(
  store: { procurementData: Pick<CosmosProcurementData, "upsertAll"> },
  data: ProcurementDataSet = generateSampleDataSet(),
): Promise<SeedResult> {
  const started = Date.now();
  const counts = await store.procurementData.upsertAll(data);
  return { counts, durationMs: Date.now() - started };
}
