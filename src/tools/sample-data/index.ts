import path from "node:path";
import type { ProcurementDataSet } from "../../domain";
import { buildContracts } from "./contracts";
import { loadCatalogue, sampleDataDirectory } from "./catalogue";
import { loadPolicyDocuments } from "./policies";
import { Prng } from "./prng";
import { buildSpend } from "./spend";
import { buildSuppliers } from "./suppliers";

export { loadPolicyDocuments } from "./policies";
export { sampleDataDirectory } from "./catalogue";

/** The day the sample data describes: contract statuses are as of this date. */
export const SAMPLE_DATA_AS_OF = "2026-11-21";
/** The last day with spend transactions. */
const SAMPLE_SPEND_LAST_DATE = "2026-11-20";
const SEED = 20261121;

/**
 * The synthetic procurement data set: suppliers, contracts, ≥ 10,000 spend transactions (FY2024–FY2026 to date), en/ja policy documents and
 * price benchmarks. Deterministic: generated from the hand-authored files in infra/sample-data with a fixed seed, identical on every call.
 */
export function generateSampleDataSet(directory: string = sampleDataDirectory()): ProcurementDataSet {
  const catalogue = loadCatalogue(directory);
  const categories = new Map(catalogue.categories.map((category) => [category.id, category]));
  const { suppliers, profiles } = buildSuppliers(catalogue.suppliers, categories, new Prng(SEED));
  const contracts = buildContracts(suppliers, profiles, categories, catalogue.templates, SAMPLE_DATA_AS_OF, new Prng(SEED + 1));
  const spend = buildSpend(suppliers, profiles, categories, contracts, SAMPLE_SPEND_LAST_DATE, new Prng(SEED + 2));
  const policies = loadPolicyDocuments(path.join(directory, "policies"));
  return { suppliers, contracts, spend, policies, benchmarks: catalogue.benchmarks };
}
