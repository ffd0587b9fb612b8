import type { Container, JSONObject } from "@azure/cosmos";
import { z } from "zod";
import {
  ContractSchema,
  DataSetSummarySchema,
  PolicyDocumentSchema,
  PriceBenchmarkSchema,
  SpendCellSchema,
  SupplierSchema,
  systemClock,
  type Clock,
  type DataSetSummary,
  type ProcurementDataSet,
  type SpendCell,
} from "../domain";
import { createSnapshotProcurementData, snapshotOf, type ProcurementSnapshot } from "../tools/in-memory-procurement-data";
import type { ProcurementData, SpendFilter, SpendView } from "../tools/procurement-data";
import { mapLimited } from "../resilience";
import { bulkUpsert } from "./bulk-upsert";
import { cosmosId, parseDocument, queryAllPages, readDocument } from "./documents";

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
const CELLS_PER_DOCUMENT = 1_000;
const MANIFEST_ID = "manifest";
/** How often a reader checks for a new import. */
const MANIFEST_CHECK_MS = 30_000;

/** Says which month documents hold the spend cells. */
const DataManifestSchema = z.object({
  summary: DataSetSummarySchema,
  /** Parts per month ("2025-04" → 2 means documents month-2025-04-0 and month-2025-04-1). */
  months: z.record(z.string(), z.number().int().positive()),
  dimensions: z.object({ categories: z.array(z.string()), costCenters: z.array(z.string()) }),
});
export type DataManifest = z.infer<typeof DataManifestSchema>;

const MonthDocumentSchema = z.object({ cells: z.array(SpendCellSchema) });

export type DataSetCounts = { [K in keyof ProcurementDataSet]: number };

function monthDocumentId(month: string, part: number): string {
  return `month-${month}-${part}`;
}

/** Month documents of at most CELLS_PER_DOCUMENT cells, with the manifest's month map and dimensions. */
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

export async function writeManifest(container: Container, manifest: DataManifest): Promise<void> {
  await bulkUpsert(container, [{ id: MANIFEST_ID, ...manifest }], (d) => d.id);
}

export async function readManifest(container: Container): Promise<DataManifest | undefined> {
  const document = await readDocument(container, MANIFEST_ID, MANIFEST_ID);
  return document && parseDocument(DataManifestSchema, document.raw, container.id);
}

/** Month documents read at once when the spend cells are loaded. */
const MONTH_READS_IN_FLIGHT = 8;

/**
 * The first call reads the directory and the month documents (their number grows with months and dimensions, never transactions) into
 * in-memory indexes, read again only when the manifest names a new import; after that a call reads at most one document.
 */
export class CosmosProcurementData implements ProcurementData {
  private directory: Promise<{ manifest: DataManifest | undefined; data: ProcurementData }> | undefined;
  private checkedAt = 0;

  constructor(
    private readonly containers: ProcurementContainers,
    private readonly location: string,
    private readonly options: { pageSize?: number; clock?: Clock } = {},
  ) {}

  async describe(): Promise<DataSetSummary> {
    return (await this.current()).manifest?.summary ?? this.emptySummary();
  }

  // A database without a manifest holds nothing loaded by this version.
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
  async getContract(id: string) {
    return (await this.current()).data.getContract(id);
  }
  async contractIds() {
    return (await this.current()).data.contractIds();
  }
  async listContracts(filter: { supplierId: string }) {
    return (await this.current()).data.listContracts(filter);
  }
  async autoRenewingContracts() {
    return (await this.current()).data.autoRenewingContracts();
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
  async spendCells(filter: SpendFilter, view?: SpendView): Promise<SpendCell[]> {
    return (await this.current()).data.spendCells(filter, view);
  }

  invalidate(): void {
    this.directory = undefined;
  }

  private async current() {
    const now = Date.now();
    if (this.directory !== undefined && now - this.checkedAt > MANIFEST_CHECK_MS) {
      this.checkedAt = now;
      const [loaded, manifest] = await Promise.all([this.directory, readManifest(this.containers.spendCells)]);
      if (manifest?.summary.importedAt !== loaded.manifest?.summary.importedAt) this.invalidate();
    }
    if (this.directory === undefined) {
      this.checkedAt = now;
      this.directory = this.loadDirectory();
      this.directory.catch(() => (this.directory = undefined));
    }
    return this.directory;
  }

  private async loadDirectory() {
    const manifest = await readManifest(this.containers.spendCells);
    const all = <S extends z.ZodTypeAny>(container: Container, schema: S) =>
      queryAllPages(container, { query: "SELECT * FROM c" }, schema, { pageSize: this.options.pageSize });
    const [suppliers, contracts, policies, benchmarks, cells] = await Promise.all([
      all(this.containers.suppliers, SupplierSchema),
      all(this.containers.contracts, ContractSchema),
      all(this.containers.policies, PolicyDocumentSchema),
      all(this.containers.benchmarks, PriceBenchmarkSchema),
      this.readSpendCells(manifest),
    ]);
    const byId = <T extends { id: string }>(items: T[]) => items.sort((a, b) => a.id.localeCompare(b.id));
    const snapshot: ProcurementSnapshot = {
      suppliers: byId(suppliers),
      contracts: async () => byId(contracts),
      policies: byId(policies),
      benchmarks: benchmarks.sort((a, b) => a.category.localeCompare(b.category)),
      spendCells: async () => cells,
      summary: manifest?.summary ?? this.emptySummary(),
    };
    return { manifest, data: createSnapshotProcurementData(snapshot) };
  }

  private async readSpendCells(manifest: DataManifest | undefined): Promise<SpendCell[]> {
    const ids = Object.entries(manifest?.months ?? {}).flatMap(([month, parts]) =>
      Array.from({ length: parts }, (_, part) => monthDocumentId(month, part)),
    );
    const months = await mapLimited(ids, MONTH_READS_IN_FLIGHT, async (id) => {
      const document = await readDocument(this.containers.spendCells, id, id);
      return document === undefined ? [] : parseDocument(MonthDocumentSchema, document.raw, this.containers.spendCells.id).cells;
    });
    return months.flat();
  }

  /** Inserts or overwrites by id. */
  async upsertAll(
    data: ProcurementDataSet,
    summary: Omit<DataSetSummary, "counts"> = {
      name: "sample",
      location: this.location,
      importedAt: (this.options.clock ?? systemClock).now().toISOString(),
      fiscalYearStartMonth: 4,
    },
  ): Promise<DataSetCounts> {
    const snapshot = snapshotOf(data, summary);
    const { documents, months, dimensions } = monthDocuments(await snapshot.spendCells());
    const benchmarks = data.benchmarks.map((b) => ({ ...b, id: cosmosId(`${b.category}|${b.unit}`) }));
    await Promise.all([
      bulkUpsert(this.containers.suppliers, data.suppliers, (s) => s.id),
      bulkUpsert(this.containers.contracts, data.contracts, (c) => c.supplierId),
      bulkUpsert(this.containers.policies, data.policies, (p) => p.policyKey),
      bulkUpsert(this.containers.benchmarks, benchmarks, (b) => b.category),
      bulkUpsert(this.containers.spend, data.spend, (t) => t.supplierId),
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
