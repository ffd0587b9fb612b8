import type { z } from "zod";
import {
  ContractSchema,
  PolicyDocumentSchema,
  PriceBenchmarkSchema,
  SupplierSchema,
  type DataSetSummary,
  type SpendCell,
  type SpendTransaction,
} from "../domain";

/** The kinds kept whole in the directory (thousands of records at most), each with the schema its stored records are read back with. */
export const DIRECTORY_SCHEMAS = {
  suppliers: SupplierSchema,
  contracts: ContractSchema,
  policies: PolicyDocumentSchema,
  benchmarks: PriceBenchmarkSchema,
} as const;
export type DirectoryRecords = { [K in keyof typeof DIRECTORY_SCHEMAS]: z.infer<(typeof DIRECTORY_SCHEMAS)[K]> };
export type DirectoryKind = keyof DirectoryRecords;

/** A spend write in progress: every row of the new data set goes through `add`, then `finish`. */
export interface SpendWrite {
  /**
   * Nothing is visible before `finish` and `abandon` leaves nothing, so rows may come while the file is still validated (the local store
   * renames a file at the end); Cosmos writes as it goes, so it gets only accepted rows.
   */
  readonly staged: boolean;
  /** A row of the new data set as JSON text; `changed` when the store does not hold it as it is yet. */
  add(json: string, changed: boolean): Promise<void>;
  /** A row the store holds that the data set no longer has (a replacing import). */
  remove(row: SpendTransaction): Promise<void>;
  finish(cells: SpendCell[]): Promise<void>;
  abandon(): Promise<void>;
}

export interface DataStoreWriter {
  /** "directory .procura/data" or "Cosmos database procura at https://…". */
  readonly location: string;
  load<K extends DirectoryKind>(kind: K): Promise<DirectoryRecords[K][]>;
  save<K extends DirectoryKind>(
    kind: K,
    result: { all: DirectoryRecords[K][]; changed: DirectoryRecords[K][]; removed: DirectoryRecords[K][] },
  ): Promise<void>;
  spendRows(): AsyncIterable<SpendTransaction>;
  beginSpend(): Promise<SpendWrite>;
  loadSummary(): Promise<DataSetSummary | undefined>;
  saveSummary(summary: DataSetSummary): Promise<void>;
}
