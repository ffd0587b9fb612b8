import path from "node:path";
import type { ProcurementDataSet } from "../../domain";
import { loadCatalogue, loadPolicyDocuments, sampleDataDirectory } from "./catalogue";
import { Prng } from "./prng";
import { buildSpend } from "./spend";

export { loadPolicyDocuments, sampleDataDirectory } from "./catalogue";

/** The last day with spend transactions. */
const SAMPLE_SPEND_LAST_DATE = "2026-11-20";
const SPEND_SEED = 20261123;

/**
 * The synthetic procurement data set: suppliers, contracts, ≥ 10,000 spend transactions (FY2024–FY2026 to date), en/ja policy documents and
 * price benchmarks, read from infra/sample-data (contract statuses as of 2026-11-21). Spend is generated from each supplier's billing with a
 * fixed seed, identical on every call.
 */
export function generateSampleDataSet(directory: string = sampleDataDirectory()): ProcurementDataSet {
  const catalogue = loadCatalogue(directory);
  const categories = new Map(catalogue.categories.map((category) => [category.id, category]));
  const { contracts, benchmarks } = catalogue;
  const spend = buildSpend(catalogue.suppliers, categories, contracts, SAMPLE_SPEND_LAST_DATE, new Prng(SPEND_SEED));
  const suppliers = catalogue.suppliers.map(({ currency: _c, annualSpendJpy: _a, growthPct: _g, spendUntil: _s, ...supplier }) => supplier);
  const policies = loadPolicyDocuments(path.join(directory, "policies"));
  return { suppliers, contracts, spend, policies, benchmarks };
}
