import type { Contract, DataSetSummary, PolicyDocument, PriceBenchmark, RecordIdIndex, SpendCell, Supplier } from "../domain";

/** Filters for spend queries; every field optional. Dates are ISO (inclusive), resolved to whole months. */
export interface SpendFilter {
  supplierId?: string;
  category?: string;
  costCenter?: string;
  fiscalYear?: string;
  from?: string;
  to?: string;
}

/** How finely spend cells are cut in time. */
export type SpendGrain = "month" | "fiscalYear";

/** The dimensions a spend cell can be cut by besides time and currency. */
export const SPEND_DIMENSIONS = ["supplier", "category", "costCenter"] as const;
export type SpendDimension = (typeof SPEND_DIMENSIONS)[number];

/**
 * How much detail a spend question needs: month cells or fiscal-year roll-ups, and the dimensions it reads (those it filters on are always
 * kept). Cells may come summed over the others, which are then empty strings.
 */
export interface SpendView {
  grain: SpendGrain;
  keep: readonly SpendDimension[];
}

/** Contracts matching a search, best first, and how many matched in all (estimated over very common words). */
export interface ContractSearchResult {
  contracts: Contract[];
  total: number;
  totalIsEstimate: boolean;
}

/** A policy section matching a search, with its document and BM25 score. */
export interface PolicySectionHit {
  policy: PolicyDocument;
  section: PolicyDocument["sections"][number];
  score: number;
  /** How many money amounts the section states (sections stating several are threshold tables). */
  amountsStated: number;
}

/** The best policy sections for a search (a bounded number), and how many matched in all (estimated over very common words). */
export interface PolicySearchResult {
  sections: PolicySectionHit[];
  total: number;
  totalIsEstimate: boolean;
}

/**
 * Read access to the procurement data the tools answer from. No method reads every row of a kind: spend comes as monthly cells maintained
 * when the data is loaded, contract and policy searches go through indexes built once. Implemented in memory (the sample data set, or a
 * data set imported into the local data directory) and over Cosmos containers (src/storage).
 */
export interface ProcurementData {
  /** Which data set this is and its row counts. */
  describe(): Promise<DataSetSummary>;
  /** The supplier directory (thousands at most; the tools resolve names against it). */
  listSuppliers(): Promise<Supplier[]>;
  getSupplier(id: string): Promise<Supplier | undefined>;
  /** One contract by its id as the data set spells it. */
  getContract(id: string): Promise<Contract | undefined>;
  /** Every contract's id, to recognise ids in text by lookup whatever format the import was given. */
  contractIds(): Promise<RecordIdIndex>;
  /** One supplier's contracts. */
  listContracts(filter: { supplierId: string }): Promise<Contract[]>;
  /** The contracts that renew by themselves unless notice is given (a share of the contract directory). */
  autoRenewingContracts(): Promise<Contract[]>;
  /** Contracts across suppliers ranked for a query (titles, parties, aliases, clause texts). */
  searchContracts(query: string): Promise<ContractSearchResult>;
  /** Policy documents (titles, versions), optionally in one language. */
  listPolicies(language?: "en" | "ja"): Promise<PolicyDocument[]>;
  /**
   * Policy sections ranked for a query, optionally in one language; `favourThresholds` ranks sections
   * that state several amounts higher (the question names an amount).
   */
  searchPolicies(query: string, language?: "en" | "ja", options?: { favourThresholds?: boolean }): Promise<PolicySearchResult>;
  /**
   * The spend cells matching every given filter field: monthly cells with every dimension, or cut to a `view` (fiscal-year roll-ups for
   * questions without month or date detail, summed over the dimensions not needed), which an adapter may serve from far fewer cells. An
   * adapter without roll-ups returns the monthly cells, which answer any view.
   */
  spendCells(filter: SpendFilter, view?: SpendView): Promise<SpendCell[]>;
  /** The categories and cost centers that have spend. */
  spendDimensions(): Promise<{ categories: string[]; costCenters: string[] }>;
  listBenchmarks(): Promise<PriceBenchmark[]>;
}
