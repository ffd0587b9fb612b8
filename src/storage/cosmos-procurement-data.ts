import type { Container, JSONObject } from "@azure/cosmos";
import { z } from "zod";
import {
  ContractSchema,
  DataSetSummarySchema,
  PolicyDocumentSchema,
  PriceBenchmarkSchema,
  SpendCellSchema,
  SupplierSchema,
  type DataSetSummary,
  type ProcurementDataSet,
  type SpendCell,
} from "../domain";
import { createSnapshotProcurementData, snapshotOf, type ProcurementSnapshot } from "../tools/in-memory-procurement-data";
import type { ProcurementData, SpendFilter } from "../tools/procurement-data";
import { cellMatches } from "../tools/spend-cube";
import { fiscalYearRange } from "../tools/fiscal-year";
import { bulkUpsert } from "./bulk-upsert";
import { cosmosId } from "./cosmos-key";
import { parseDocument, queryDocuments, readDocument } from "./documents";

/** The procurement data containers. */
export interface ProcurementContainers {
  suppliers: Container;
  contracts: Container;
  spend: Container;
  policies: Container;
  benchmarks: Container;
  /** Monthly spend cells (one document per month and part) and the data set's manifest. */
  spendCells: Container;
}

/** A month document holds at most this many cells (each under 1 KB), well inside Cosmos' 2 MB limit. */
export const CELLS_PER_DOCUMENT = 1_000;
const MANIFEST_ID = "manifest";
/** How often a reader checks whether a new import replaced the data set. */
const MANIFEST_CHECK_MS = 30_000;

/** The data set's manifest: what it is, its counts, and which month documents hold its spend cells. */
export const DataManifestSchema = z.object({
  summary: DataSetSummarySchema,
  /** Parts per month ("2025-04" → 2 means documents month-2025-04-0 and month-2025-04-1). */
  months: z.record(z.string(), z.number().int().positive()),
  /** The categories and cost centers that have spend. */
  dimensions: z.object({ categories: z.array(z.string()), costCenters: z.array(z.string()) }),
});
export type DataManifest = z.infer<typeof DataManifestSchema>;

const MonthDocumentSchema = z.object({ cells: z.array(SpendCellSchema) });

/** How many documents of each kind were written by `upsertAll`. */
export type DataSetCounts = { [K in keyof ProcurementDataSet]: number };

/** The id of one part of a month's cells. */
export function monthDocumentId(month: string, part: number): string {
  return `month-${month}-${part}`;
}

/** Splits cells into month documents of at most CELLS_PER_DOCUMENT cells, with the manifest's month map and dimensions. */
export function monthDocuments(cells: readonly SpendCell[]): {
  documents: (JSONObject & { id: string })[];
  months: Record<string, number>;
  dimensions: DataManifest["dimensions"];
} {
  const byMonth = new Map<string, SpendCell[]>();
  for (const cell of cells) {
    const list = byMonth.get(cell.month);
    if (list === undefined) byMonth.set(cell.month, [cell]);
    else list.push(cell);
  }
  const documents: (JSONObject & { id: string })[] = [];
  const months: Record<string, number> = {};
  for (const [month, list] of [...byMonth].sort(([a], [b]) => a.localeCompare(b))) {
    months[month] = Math.ceil(list.length / CELLS_PER_DOCUMENT);
    for (let part = 0; part < months[month]; part++)
      documents.push({
        id: monthDocumentId(month, part),
        month,
        cells: list.slice(part * CELLS_PER_DOCUMENT, (part + 1) * CELLS_PER_DOCUMENT),
      });
  }
  const dimensions = {
    categories: [...new Set(cells.map((cell) => cell.category))].sort(),
    costCenters: [...new Set(cells.map((cell) => cell.costCenter))].sort(),
  };
  return { documents, months, dimensions };
}

/** Writes a data set's manifest. */
export async function writeManifest(container: Container, manifest: DataManifest): Promise<void> {
  await bulkUpsert(container, [{ id: MANIFEST_ID, ...manifest }], (d) => d.id);
}

/**
 * `ProcurementData` over the Cosmos data containers. The directory (suppliers, contracts, policies,
 * benchmarks: thousands of documents at most) is read once and indexed in memory, and read again only
 * when the manifest says a new import replaced it. Spend is never read as rows: a call point-reads
 * the month documents of its date range (one per month and part) it has not read since the last
 * import, so its cost depends on the months asked about, not on the number of transactions.
 */
export class CosmosProcurementData implements ProcurementData {
  private directory: Promise<{ manifest: DataManifest | undefined; data: ProcurementData }> | undefined;
  /** Month documents already read, by id: they change only with a new import, which clears this. */
  private readonly months = new Map<string, Promise<SpendCell[]>>();
  private checkedAt = 0;

  constructor(
    private readonly containers: ProcurementContainers,
    private readonly location: string,
  ) {}

  async describe(): Promise<DataSetSummary> {
    return (await this.current()).manifest?.summary ?? this.emptySummary();
  }

  /** What a database without a manifest holds as far as the tools know: nothing loaded by this version. */
  private emptySummary(): DataSetSummary {
    return {
      name: "sample",
      location: this.location,
      importedAt: null,
      fiscalYearStartMonth: 4,
      counts: { suppliers: 0, contracts: 0, spend: 0, policies: 0, policySections: 0, benchmarks: 0 },
    };
  }
  async listSuppliers() {
    return (await this.current()).data.listSuppliers();
  }
  async getSupplier(id: string) {
    const document = await readDocument(this.containers.suppliers, id, id);
    return document && parseDocument(SupplierSchema, document.raw, this.containers.suppliers.id);
  }
  async listContracts(filter: { supplierId: string }) {
    return (await this.current()).data.listContracts(filter);
  }
  async searchContracts(query: string) {
    return (await this.current()).data.searchContracts(query);
  }
  async listPolicies(language?: "en" | "ja") {
    return (await this.current()).data.listPolicies(language);
  }
  async searchPolicies(query: string, language?: "en" | "ja", options?: { favourThresholds?: boolean }) {
    return (await this.current()).data.searchPolicies(query, language, options);
  }
  async listBenchmarks() {
    return (await this.current()).data.listBenchmarks();
  }
  async spendDimensions() {
    return (await this.current()).manifest?.dimensions ?? { categories: [], costCenters: [] };
  }

  /** The cells of the months the filter covers, read by id (in parallel), then filtered. */
  async spendCells(filter: SpendFilter): Promise<SpendCell[]> {
    const { manifest } = await this.current();
    if (manifest === undefined) return [];
    const range = filter.fiscalYear === undefined ? undefined : fiscalYearRange(filter.fiscalYear, manifest.summary.fiscalYearStartMonth);
    const from = [filter.from, range?.from]
      .filter((d): d is string => d !== undefined)
      .map((d) => d.slice(0, 7))
      .sort()
      .at(-1);
    const to = [filter.to, range?.to]
      .filter((d): d is string => d !== undefined)
      .map((d) => d.slice(0, 7))
      .sort()[0];
    const ids = Object.entries(manifest.months)
      .filter(([month]) => (from === undefined || month >= from) && (to === undefined || month <= to))
      .flatMap(([month, parts]) => Array.from({ length: parts }, (_, part) => monthDocumentId(month, part)));
    const months = await Promise.all(ids.map((id) => this.monthCells(id)));
    return months.flatMap((cells) => cells.filter((cell) => cellMatches(filter, cell)));
  }

  private monthCells(id: string): Promise<SpendCell[]> {
    let cells = this.months.get(id);
    if (cells === undefined) {
      cells = readDocument(this.containers.spendCells, id, id).then((document) =>
        document === undefined ? [] : parseDocument(MonthDocumentSchema, document.raw, this.containers.spendCells.id).cells,
      );
      cells.catch(() => this.months.delete(id));
      this.months.set(id, cells);
    }
    return cells;
  }

  /** Forgets the directory and the month documents so the next call reads them again (after an import). */
  invalidate(): void {
    this.directory = undefined;
    this.months.clear();
  }

  private async current() {
    const now = Date.now();
    if (this.directory !== undefined && now - this.checkedAt > MANIFEST_CHECK_MS) {
      this.checkedAt = now;
      const [loaded, manifest] = await Promise.all([this.directory, this.readManifest()]);
      if (manifest?.summary.importedAt !== loaded.manifest?.summary.importedAt) this.invalidate();
    }
    if (this.directory === undefined) {
      this.checkedAt = now;
      this.directory = this.loadDirectory();
      this.directory.catch(() => (this.directory = undefined));
    }
    return this.directory;
  }

  private async readManifest(): Promise<DataManifest | undefined> {
    const document = await readDocument(this.containers.spendCells, MANIFEST_ID, MANIFEST_ID);
    return document && parseDocument(DataManifestSchema, document.raw, this.containers.spendCells.id);
  }

  private async loadDirectory() {
    const [manifest, suppliers, contracts, policies, benchmarks] = await Promise.all([
      this.readManifest(),
      queryDocuments(this.containers.suppliers, { query: "SELECT * FROM c" }, SupplierSchema),
      queryDocuments(this.containers.contracts, { query: "SELECT * FROM c" }, ContractSchema),
      queryDocuments(this.containers.policies, { query: "SELECT * FROM c" }, PolicyDocumentSchema),
      queryDocuments(this.containers.benchmarks, { query: "SELECT * FROM c" }, PriceBenchmarkSchema),
    ]);
    const byId = <T extends { id: string }>(items: T[]) => items.sort((a, b) => a.id.localeCompare(b.id));
    const snapshot: ProcurementSnapshot = {
      suppliers: byId(suppliers),
      contracts: byId(contracts),
      policies: byId(policies),
      benchmarks: benchmarks.sort((a, b) => a.category.localeCompare(b.category)),
      spendCells: async () => [],
      summary: manifest?.summary ?? this.emptySummary(),
    };
    return { manifest, data: createSnapshotProcurementData(snapshot) };
  }

  /** Loads a data set (insert or overwrite by id) with its spend cells and manifest; returns the counts. */
  async upsertAll(
    data: ProcurementDataSet,
    summary: Omit<DataSetSummary, "counts"> = {
      name: "sample",
      location: this.location,
      importedAt: new Date().toISOString(),
      fiscalYearStartMonth: 4,
    },
  ): Promise<DataSetCounts> {
    const asDocuments = <T extends object>(items: T[], id: (item: T) => string) => items.map((item) => ({ ...item, id: id(item) }));
    const snapshot = snapshotOf(data, summary);
    const { documents, months, dimensions } = monthDocuments(await snapshot.spendCells());
    await Promise.all([
      bulkUpsert(
        this.containers.suppliers,
        asDocuments(data.suppliers, (s) => s.id),
        (d) => d.id,
      ),
      bulkUpsert(
        this.containers.contracts,
        asDocuments(data.contracts, (c) => c.id),
        (d) => d.supplierId,
      ),
      bulkUpsert(
        this.containers.policies,
        asDocuments(data.policies, (p) => p.id),
        (d) => d.policyKey,
      ),
      bulkUpsert(
        this.containers.benchmarks,
        asDocuments(data.benchmarks, (b) => cosmosId(`${b.category}|${b.unit}`)),
        (d) => d.category,
      ),
      bulkUpsert(
        this.containers.spend,
        asDocuments(data.spend, (t) => t.id),
        (d) => d.supplierId,
      ),
      bulkUpsert(this.containers.spendCells, documents, (d) => d.id),
    ]);
    await writeManifest(this.containers.spendCells, { summary: snapshot.summary, months, dimensions });
    this.invalidate();
    return {
      suppliers: data.suppliers.length,
      contracts: data.contracts.length,
      spend: data.spend.length,
      policies: data.policies.length,
      benchmarks: data.benchmarks.length,
    };
  }
}
