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
   * Nothing of the write is visible before `finish`, and `abandon` leaves nothing behind: an import may then hand it rows while it still
   * validates the file (the local data directory writes a file it renames at the end; Cosmos writes as it goes, so it gets only accepted
   * rows).
   */
  readonly staged: boolean;
  /**
   * A row of the resulting data set, as its JSON text (the local store appends it as it is); `changed` when the store does not hold it as
   * it is yet.
   */
  add(json: string, changed: boolean): Promise<void>;
  /** A row the store holds that the data set no longer has (a replacing import). */
  remove(row: SpendTransaction): Promise<void>;
  /** Makes the write visible. */
  finish(cells: SpendCell[]): Promise<void>;
  abandon(): Promise<void>;
}

export interface DataStoreWriter {
  /** "directory .procura/data" or "Cosmos database procura at https://…". */
  readonly location: string;
  load<K extends DirectoryKind>(kind: K): Promise<DirectoryRecords[K][]>;
  /** `changed` are new or updated, `removed` are gone. */
  save<K extends DirectoryKind>(
    kind: K,
    result: { all: DirectoryRecords[K][]; changed: DirectoryRecords[K][]; removed: DirectoryRecords[K][] },
  ): Promise<void>;
  spendRows(): AsyncIterable<SpendTransaction>;
  beginSpend(): Promise<SpendWrite>;
  loadSummary(): Promise<DataSetSummary | undefined>;
  saveSummary(summary: DataSetSummary): Promise<void>;
}
