import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { DataSetSummarySchema, STORED_TEXT_LIMITS, cutText, type DataSetSummary, type SpendCell, type SpendTransaction } from "../domain";
import { DIRECTORY_SCHEMAS, type DataStoreWriter, type DirectoryKind, type DirectoryRecords, type SpendWrite } from "../import/ports";
import { createSnapshotProcurementData } from "../tools/in-memory-procurement-data";
import { indexContracts, indexPolicies, type StoredPolicyIndexes } from "../tools/search-indexes";
import type { StoredBm25Index } from "../tools/text/bm25";
import { rollUpByFiscalYear } from "../tools/spend-cell-index";
import type { ProcurementData } from "../tools/procurement-data";
import { JsonLinesWriter, readJsonLines } from "../import/json-lines";
import { SupplierContractsFile, readDataFile, writeSupplierContracts } from "./supplier-contracts-file";
import { removeStaleTemporaries, temporaryFor, writeFileWhole } from "../import/temporary-files";

/**
 * The local data directory, manifest written last. The bot loads the suppliers, policies and benchmarks at start and the rest when a
 * question first needs it, so it starts in seconds and stays small whatever the number of transactions and contracts.
 */
const FILES = {
  manifest: "manifest.json",
  suppliers: "suppliers.json",
  contracts: "contracts.json",
  policies: "policies.json",
  benchmarks: "benchmarks.json",
  cells: "spend-cells.json",
  years: "spend-years.json",
  contractIndex: "contract-index.json",
  policyIndex: "policy-index.json",
  rows: "spend.ndjson",
} as const;

const ManifestSchema = z.object({ format: z.literal(1), summary: DataSetSummarySchema });

export class LocalDataStore implements DataStoreWriter {
  readonly location: string;
  private prepared?: Promise<void>;

  /** `fiscalYearStartMonth`: how an import labels fiscal years (the roll-ups it writes need it). */
  constructor(
    private readonly directory: string,
    private readonly fiscalYearStartMonth = 4,
  ) {
    this.location = `directory ${directory}`;
  }

  async load<K extends DirectoryKind>(kind: K): Promise<DirectoryRecords[K][]> {
    const records = await readDataFile(path.join(this.directory, FILES[kind]), z.array(DIRECTORY_SCHEMAS[kind]));
    return (records as DirectoryRecords[K][] | undefined) ?? [];
  }

  async save<K extends DirectoryKind>(kind: K, result: { all: DirectoryRecords[K][] }): Promise<void> {
    await this.writeJson(FILES[kind], result.all);
  }

  async *spendRows(): AsyncIterable<SpendTransaction> {
    const file = path.join(this.directory, FILES.rows);
    if (!existsSync(file)) return;
    // Rows were validated when imported; reading them back trusts the file we wrote.
    for await (const line of readJsonLines(file)) yield JSON.parse(line) as SpendTransaction;
  }

  async beginSpend(): Promise<SpendWrite> {
    await this.prepare();
    const target = path.join(this.directory, FILES.rows);
    const temporary = temporaryFor(target);
    const out = new JsonLinesWriter(temporary.path);
    return {
      staged: true,
      add: (json) => out.add(json),
      remove: async () => {},
      finish: async (cells) => {
        await out.close();
        await this.writeJson(FILES.cells, cells);
        await this.writeJson(FILES.years, rollUpByFiscalYear(cells, this.fiscalYearStartMonth));
        await rename(temporary.path, target);
        temporary.settle();
      },
      abandon: async () => {
        await out.destroy();
        await rm(temporary.path, { force: true });
        temporary.settle();
      },
    };
  }

  /** Located where it is read now: the folder may have been moved, or named another way. */
  async loadSummary(): Promise<DataSetSummary | undefined> {
    const summary = (await readDataFile(path.join(this.directory, FILES.manifest), ManifestSchema))?.summary;
    return summary && { ...summary, location: this.location };
  }

  /**
   * Written last: a directory without a manifest is not a data set yet. The search indexes are built from what the directory now holds and
   * written just before it, so a start loads them instead of tokenising every contract and policy section again.
   */
  async saveSummary(summary: DataSetSummary): Promise<void> {
    const [suppliers, contracts, policies] = await Promise.all([this.load("suppliers"), this.load("contracts"), this.load("policies")]);
    await this.writeJson(FILES.contractIndex, indexContracts(contracts, suppliers).store());
    await writeSupplierContracts(this.directory, contracts);
    await this.writeJson(FILES.policyIndex, indexPolicies(policies).store());
    await this.writeJson(FILES.manifest, { format: 1, summary });
  }

  /**
   * Written by our own import from validated rows: parsed without a schema pass, which would double the start-up time at a million rows;
   * the cells' names are still bounded.
   */
  async loadDerived(file: "cells" | "years"): Promise<SpendCell[] | undefined>;
  async loadDerived(file: "contractIndex"): Promise<StoredBm25Index | undefined>;
  async loadDerived(file: "policyIndex"): Promise<StoredPolicyIndexes | undefined>;
  async loadDerived(file: "cells" | "years" | "contractIndex" | "policyIndex"): Promise<unknown> {
    const full = path.join(this.directory, FILES[file]);
    if (!existsSync(full)) return undefined;
    const derived = JSON.parse(await readFile(full, "utf8")) as unknown;
    return file === "cells" || file === "years" ? (derived as SpendCell[]).map(withBoundedNames) : derived;
  }

  private async writeJson(file: string, value: unknown): Promise<void> {
    await this.prepare();
    await writeFileWhole(path.join(this.directory, file), JSON.stringify(value));
  }

  /** Before the first write: the directory exists, without the temporary files of an import that was killed. */
  private prepare(): Promise<void> {
    this.prepared ??= mkdir(this.directory, { recursive: true }).then(() => removeStaleTemporaries(this.directory));
    return this.prepared;
  }
}

/** Undefined when the directory holds no data set (then the sample data set is used). */
export async function openLocalProcurementData(directory: string): Promise<ProcurementData | undefined> {
  const store = new LocalDataStore(directory);
  const summary = await store.loadSummary();
  if (summary === undefined) return undefined;
  const [suppliers, policies, benchmarks] = await Promise.all([store.load("suppliers"), store.load("policies"), store.load("benchmarks")]);
  const supplierContracts = new SupplierContractsFile(directory);
  return createSnapshotProcurementData({
    suppliers,
    contracts: () => store.load("contracts"),
    supplierContracts: (supplierId) => supplierContracts.contractsOf(supplierId),
    policies,
    benchmarks,
    spendCells: async () => (await store.loadDerived("cells")) ?? [],
    spendYears: () => store.loadDerived("years"),
    searchIndexes: { contracts: () => store.loadDerived("contractIndex"), policies: () => store.loadDerived("policyIndex") },
    summary,
  });
}

/**
 * A spend cell's names as every reader bounds them (a data set written before the import's limits may hold longer ones): cut by hand rather
 * than by the cell schema, which would double the start-up time.
 */
function withBoundedNames(cell: SpendCell): SpendCell {
  const cut = (text: string) => cutText(text, STORED_TEXT_LIMITS.nameChars);
  return {
    ...cell,
    supplierName: cut(cell.supplierName),
    category: cut(cell.category),
    costCenter: cut(cell.costCenter),
    largest: cell.largest.map((line) => ({ ...line, supplierName: cut(line.supplierName) })),
  };
}
