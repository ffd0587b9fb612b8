import type { AppConfig } from "../config";
import type { DataSetSummary, Log } from "../domain";
import { openCosmosStore } from "../storage/cosmos-store";
import { openLocalProcurementData } from "../storage/local-data-store";
import { createInMemoryProcurementData, generateSampleDataSet } from "../tools";
import type { ProcurementData } from "../tools/procurement-data";

/** The data a command answers from, as the bot does: Cosmos when COSMOS_ENDPOINT is set, else the local data directory (or the sample). */
export async function openToolData(config: AppConfig, log: Log): Promise<{ data: ProcurementData; close: () => Promise<void> }> {
  if (!config.env.COSMOS_ENDPOINT) {
    const local = await openLocalProcurementData(config.env.PROCURA_DATA_DIR);
    return { data: local ?? createInMemoryProcurementData(generateSampleDataSet()), close: async () => {} };
  }
  const store = await openCosmosStore(config, { log });
  return { data: store.toolData, close: () => store.close() };
}

export function dataSetBanner(summary: DataSetSummary): string {
  const c = summary.counts;
  const n = (value: number) => value.toLocaleString("en-US");
  const what =
    summary.name === "sample"
      ? "sample data set"
      : `imported data set (${summary.location}${summary.importedAt ? `, imported ${summary.importedAt.slice(0, 16).replace("T", " ")} UTC` : ""})`;
  return `Data: ${what}: ${n(c.spend)} spend rows, ${n(c.suppliers)} suppliers, ${n(c.contracts)} contracts, ${n(c.policies)} policies (${n(c.policySections)} sections), ${n(c.benchmarks)} benchmarks.`;
}
