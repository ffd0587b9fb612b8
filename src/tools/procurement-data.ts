import type { Contract, DataSetSummary, PolicyDocument, PriceBenchmark, RecordIdIndex, SpendCell, Supplier } from "../domain";
import type { indexContracts, indexPolicies } from "./search-indexes";

/** Filters for spend queries; every field optional. Dates are ISO (inclusive), resolved to whole months. */
export interface SpendFilter {
  supplierId?: string;
  category?: string;
  costCenter?: string;
  fiscalYear?: string;
  from?: string;
  to?: string;
}

/** Besides time and currency. */
export const SPEND_DIMENSIONS = ["supplier", "category", "costCenter"] as const;
export type SpendDimension = (typeof SPEND_DIMENSIONS)[number];

/**
 * How much detail a spend question needs: month cells or fiscal-year roll-ups, and the dimensions it reads (those it filters on are always
 * kept). Cells may come summed over the others, which are then empty strings.
 */
export interface SpendView {
  grain: "month" | "fiscalYear";
  keep: readonly SpendDimension[];
}

/** A bounded number of hits; `total` is estimated over very common words. */
export type ContractSearchResult = ReturnType<ReturnType<typeof indexContracts>["search"]>;
type PolicySearchResult = ReturnType<ReturnType<typeof indexPolicies>["search"]>;

/**
 * What the tools answer from. No method reads every row of a kind: spend comes as monthly cells maintained when the data is loaded,
 * searches go through indexes built once. Implemented in memory and over Cosmos containers (src/storage).
 */
export interface ProcurementData {
  describe(): Promise<DataSetSummary>;
  /** The supplier directory (thousands at most; the tools resolve names against it). */
  listSuppliers(): Promise<Supplier[]>;
  getSupplier(id: string): Promise<Supplier | undefined>;
  /** By its id as the data set spells it. */
  getContract(id: string): Promise<Contract | undefined>;
  /** Every contract's id, to recognise ids in text by lookup whatever format the import was given. */
  contractIds(): Promise<RecordIdIndex>;
  listContracts(filter: { supplierId: string }): Promise<Contract[]>;
  autoRenewingContracts(): Promise<Contract[]>;
  /** Ranked over titles, parties, aliases and clause texts. */
  searchContracts(query: string): Promise<ContractSearchResult>;
  listPolicies(language?: "en" | "ja"): Promise<PolicyDocument[]>;
  /** `favourThresholds` (the question names an amount) ranks sections that state several amounts higher. */
  searchPolicies(query: string, language?: "en" | "ja", options?: { favourThresholds?: boolean }): Promise<PolicySearchResult>;
  /**
   * Cells matching every filter field, monthly with every dimension or cut to a `view` an adapter may serve from far fewer cells; an
   * adapter without roll-ups returns the monthly cells, which answer any view.
   */
  spendCells(filter: SpendFilter, view?: SpendView): Promise<SpendCell[]>;
  spendDimensions(): Promise<{ categories: string[]; costCenters: string[] }>;
  listBenchmarks(): Promise<PriceBenchmark[]>;
}
