import type { Container, JSONObject } from "@azure/cosmos";
import { z } from "zod";
import {
  DataSetSummarySchema,
  SpendCellSchema,
  SpendTransactionSchema,
  type DataSetSummary,
  type ProcurementDataSet,
  type SpendCell,
  type SpendTransaction,
} from "../domain";
import { DIRECTORY_SCHEMAS, type DataStoreWriter, type DirectoryKind, type DirectoryRecords, type SpendWrite } from "../import/ports";
import { snapshotOf } from "../tools/in-memory-procurement-data";
import { groupBy } from "../tools/spend-cell-index";
import { bulkDelete, bulkUpsert } from "./bulk-upsert";
import { CONTAINERS } from "./containers";
import type { ProcurementContainers } from "./cosmos-procurement-data";
import { cosmosId, parseDocument, queryAllPages, queryDocuments, queryPages, readDocument } from "./documents";

/** Spend rows go to the bulk executor in batches of this many (bounded memory at a million rows). */
const SPEND_BATCH = 20_000;

/** A month document holds at most this many cells (each under 1 KB), well inside Cosmos' 2 MB limit. */
const CELLS_PER_DOCUMENT = 1_000;
const MANIFEST_ID = "manifest";

/** Says which month documents hold the spend cells. */
const DataManifestSchema = z.object({
  summary: DataSetSummarySchema,
  /** Parts per month ("2025-04" → 2 means documents month-2025-04-0 and month-2025-04-1). */
  months: z.record(z.string(), z.number().int().positive()),
  dimensions: z.object({ categories: z.array(z.string()), costCenters: z.array(z.string()) }),
});
export type DataManifest = z.infer<typeof DataManifestSchema>;

export const MonthDocumentSchema = z.object({ cells: z.array(SpendCellSchema) });

export type DataSetCounts = { [K in keyof ProcurementDataSet]: number };

export function monthDocumentId(month: string, part: number): string {
  return `month-${month}-${part}`;
}

/** Month documents of at most CELLS_PER_DOCUMENT cells, with the manifest's month map and dimensions. */
export function monthDocuments(cells: readonly SpendCell[]): {
  documents: (JSONObject & { id: string })[];
  months: Record<string, number>;
  dimensions: DataManifest["dimensions"];
} {
  const byMonth = groupBy(cells, (cell) => cell.month);
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

export async function readManifest(container: Container): Promise<DataManifest | undefined> {
  const document = await readDocument(container, MANIFEST_ID, MANIFEST_ID);
  return document && parseDocument(DataManifestSchema, document.raw, container.id);
}

/** A directory record as stored: benchmarks have no id of their own, one is kept per category and unit. */
function storedRecord(kind: DirectoryKind, record: DirectoryRecords[DirectoryKind]): { id: string } & Record<string, unknown> {
  if (kind !== "benchmarks") return record as DirectoryRecords["suppliers"];
  const benchmark = record as DirectoryRecords["benchmarks"];
  return { ...benchmark, id: cosmosId(`${benchmark.category}|${benchmark.unit}`) };
}

/** Changed records only, in bulk; the manifest last, since readers reload on it. */
export class CosmosDataWriter implements DataStoreWriter {
  private cells: Pick<DataManifest, "months" | "dimensions"> | undefined;

  constructor(
    private readonly containers: ProcurementContainers,
    readonly location: string,
  ) {}

  async load<K extends DirectoryKind>(kind: K): Promise<DirectoryRecords[K][]> {
    return (await queryAllPages(this.containers[kind], { query: "SELECT * FROM c" }, DIRECTORY_SCHEMAS[kind])) as DirectoryRecords[K][];
  }

  async save<K extends DirectoryKind>(kind: K, result: { changed: DirectoryRecords[K][]; removed: DirectoryRecords[K][] }): Promise<void> {
    const partitionField = CONTAINERS[kind].slice(1);
    const stored = (records: DirectoryRecords[K][]) => records.map((record) => storedRecord(kind, record));
    await bulkUpsert(this.containers[kind], stored(result.changed), partitionField);
    await bulkDelete(this.containers[kind], stored(result.removed), partitionField);
  }

  /**
   * One supplier partition at a time, in pages: the embedded server answers small single-partition queries quickly where one
   * cross-partition scan would time out. An empty container is seen with one request instead of a query per supplier.
   */
  async *spendRows(): AsyncIterable<SpendTransaction> {
    const any = await queryDocuments(this.containers.spend, { query: "SELECT TOP 1 c.id FROM c" }, z.object({ id: z.string() }));
    if (any.length === 0) return;
    for (const supplier of await this.load("suppliers")) {
      const pages = queryPages(
        this.containers.spend,
        { query: "SELECT * FROM c WHERE c.supplierId = @supplierId", parameters: [{ name: "@supplierId", value: supplier.id }] },
        SpendTransactionSchema,
        { partitionKey: supplier.id, pageSize: 2_000 },
      );
      for await (const page of pages) yield* page;
    }
  }

  async beginSpend(): Promise<SpendWrite> {
    let batch: SpendTransaction[] = [];
    let removals: SpendTransaction[] = [];
    const flush = async () => {
      const [rows, gone] = [batch, removals];
      [batch, removals] = [[], []];
      await bulkUpsert(this.containers.spend, rows, "supplierId");
      await bulkDelete(this.containers.spend, gone, "supplierId");
    };
    return {
      staged: false,
      add: async (json, changed) => {
        if (!changed) return;
        batch.push(JSON.parse(json) as SpendTransaction);
        if (batch.length >= SPEND_BATCH) await flush();
      },
      remove: async (row) => {
        removals.push(row);
        if (removals.length >= SPEND_BATCH) await flush();
      },
      finish: async (cells) => {
        await flush();
        const { documents, months, dimensions } = monthDocuments(cells);
        await bulkUpsert(this.containers.spendCells, documents, "id");
        this.cells = { months, dimensions };
      },
      // Rows already written stay (they are valid rows of the file); the manifest is not moved on.
      abandon: async () => {},
    };
  }

  async loadSummary(): Promise<DataSetSummary | undefined> {
    return (await readManifest(this.containers.spendCells))?.summary;
  }

  async saveSummary(summary: DataSetSummary): Promise<void> {
    const cells = this.cells ??
      (await readManifest(this.containers.spendCells)) ?? { months: {}, dimensions: { categories: [], costCenters: [] } };
    const manifest: DataManifest & { id: string } = { id: MANIFEST_ID, summary, months: cells.months, dimensions: cells.dimensions };
    await bulkUpsert(this.containers.spendCells, [manifest], "id");
  }

  /** A whole sample data set at once (the seeding), inserted or overwritten by id; the manifest last, as an import writes it. */
  async upsertAll(data: ProcurementDataSet, importedAt: string): Promise<DataSetCounts> {
    const snapshot = snapshotOf(data, { name: "sample", location: this.location, importedAt, fiscalYearStartMonth: 4 });
    const { documents, months, dimensions } = monthDocuments(await snapshot.spendCells());
    const kinds = Object.keys(DIRECTORY_SCHEMAS) as DirectoryKind[];
    await Promise.all([
      ...kinds.map((kind) => this.save(kind, { changed: data[kind], removed: [] })),
      bulkUpsert(this.containers.spend, data.spend, "supplierId"),
      bulkUpsert(this.containers.spendCells, documents, "id"),
    ]);
    this.cells = { months, dimensions };
    await this.saveSummary(snapshot.summary);
    return Object.fromEntries(Object.entries(data).map(([kind, records]: [string, unknown[]]) => [kind, records.length])) as DataSetCounts;
  }
}
