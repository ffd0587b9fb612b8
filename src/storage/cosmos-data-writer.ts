import { z } from "zod";
import { SpendTransactionSchema, type DataSetSummary, type SpendTransaction } from "../domain";
import { lookup } from "../domain/errors";
import { DIRECTORY_SCHEMAS, type DataStoreWriter, type DirectoryKind, type DirectoryRecords, type SpendWrite } from "../import/ports";
import { bulkDelete, bulkUpsert } from "./bulk-upsert";
import { monthDocuments, readManifest, writeManifest, type DataManifest, type ProcurementContainers } from "./cosmos-procurement-data";
import { cosmosId, queryAllPages, queryDocuments, queryPages } from "./documents";

/** Spend rows go to the bulk executor in batches of this many (bounded memory at a million rows). */
const SPEND_BATCH = 20_000;

const KEYS: { [K in DirectoryKind]: { id: (record: DirectoryRecords[K]) => string; partition: (record: DirectoryRecords[K]) => string } } =
  {
    suppliers: { id: (s) => s.id, partition: (s) => s.id },
    contracts: { id: (c) => c.id, partition: (c) => c.supplierId },
    policies: { id: (p) => p.id, partition: (p) => p.policyKey },
    benchmarks: { id: (b) => cosmosId(`${b.category}|${b.unit}`), partition: (b) => b.category },
  };

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
    const keys = KEYS[kind];
    const container = this.containers[kind];
    const partitions = new Map<string, string>();
    await bulkUpsert(
      container,
      result.changed.map((record) => {
        partitions.set(keys.id(record), keys.partition(record));
        return { ...record, id: keys.id(record) };
      }),
      (document) => lookup(partitions, document.id, "partition key"),
    );
    await bulkDelete(
      container,
      result.removed.map((record) => ({ id: keys.id(record), partitionKey: keys.partition(record) })),
    );
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
      await bulkUpsert(this.containers.spend, rows, (document) => document.supplierId);
      await bulkDelete(
        this.containers.spend,
        gone.map((row) => ({ id: row.id, partitionKey: row.supplierId })),
      );
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
        await bulkUpsert(this.containers.spendCells, documents, (document) => document.id);
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
    await writeManifest(this.containers.spendCells, { summary, months: cells.months, dimensions: cells.dimensions });
  }
}
