import type { Contract, PolicyDocument, PriceBenchmark, SpendTransaction, Supplier } from "../domain";

/** Filters for spend queries; every field optional. Dates are ISO (inclusive). */
export interface SpendFilter {
  supplierId?: string;
  category?: string;
  costCenter?: string;
  fiscalYear?: string;
  from?: string;
  to?: string;
}

/**
 * Read access to the procurement data the tools answer from. Implemented in memory over the
 * sample data set (src/tools/sample-data) and over Cosmos containers (src/storage).
 */
export interface ProcurementData {
  listSuppliers(): Promise<Supplier[]>;
  getSupplier(id: string): Promise<Supplier | undefined>;
  listContracts(filter?: { supplierId?: string }): Promise<Contract[]>;
  querySpend(filter: SpendFilter): Promise<SpendTransaction[]>;
  listPolicies(language?: "en" | "ja"): Promise<PolicyDocument[]>;
  listBenchmarks(): Promise<PriceBenchmark[]>;
}
