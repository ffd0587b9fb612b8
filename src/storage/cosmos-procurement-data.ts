import type { Container } from "@azure/cosmos";
import { z } from "zod";
import { ContractSchema, PolicyDocumentSchema, PriceBenchmarkSchema, SupplierSchema, type DataSetSummary, type SpendCell } from "../domain";
import { createSnapshotProcurementData, snapshotOf, type ProcurementSnapshot } from "../tools/in-memory-procurement-data";
import type { ProcurementData } from "../tools/procurement-data";
import { mapLimited } from "../resilience";
import { MonthDocumentSchema, monthDocumentId, readManifest, type DataManifest } from "./cosmos-data-writer";
import { parseDocument, queryAllPages, readDocument } from "./documents";
import type { Containers } from "./containers";

export type ProcurementContainers = Pick<Containers, "suppliers" | "contracts" | "spend" | "policies" | "benchmarks" | "spendCells">;

/** How often a reader checks for a new import. */
const MANIFEST_CHECK_MS = 30_000;

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
    readonly location: string,
    private readonly options: { pageSize?: number } = {},
  ) {}

  async describe(): Promise<DataSetSummary> {
    return (await this.current()).manifest?.summary ?? this.emptySummary();
  }

  // A database without a manifest holds nothing loaded by this version.
  private emptySummary(): DataSetSummary {
    const nothing = { suppliers: [], contracts: [], spend: [], policies: [], benchmarks: [] };
    return snapshotOf(nothing, { name: "sample", location: this.location, importedAt: null, fiscalYearStartMonth: 4 }).summary;
  }
  // What the loaded directory answers (loaded again after a new import).
  readonly listSuppliers: ProcurementData["listSuppliers"] = async () => (await this.current()).data.listSuppliers();
  async getSupplier(id: string) {
    const document = await readDocument(this.containers.suppliers, id, id);
    return document && parseDocument(SupplierSchema, document.raw, this.containers.suppliers.id);
  }
  readonly getContract: ProcurementData["getContract"] = async (id) => (await this.current()).data.getContract(id);
  readonly contractIds: ProcurementData["contractIds"] = async () => (await this.current()).data.contractIds();
  readonly listContracts: ProcurementData["listContracts"] = async (filter) => (await this.current()).data.listContracts(filter);
  readonly autoRenewingContracts: ProcurementData["autoRenewingContracts"] = async () =>
    (await this.current()).data.autoRenewingContracts();
  readonly searchContracts: ProcurementData["searchContracts"] = async (query) => (await this.current()).data.searchContracts(query);
  readonly listPolicies: ProcurementData["listPolicies"] = async (language) => (await this.current()).data.listPolicies(language);
  readonly searchPolicies: ProcurementData["searchPolicies"] = async (query, language, options) =>
    (await this.current()).data.searchPolicies(query, language, options);
  readonly listBenchmarks: ProcurementData["listBenchmarks"] = async () => (await this.current()).data.listBenchmarks();
  async spendDimensions() {
    return (await this.current()).manifest?.dimensions ?? { categories: [], costCenters: [] };
  }
  readonly spendCells: ProcurementData["spendCells"] = async (filter, view) => (await this.current()).data.spendCells(filter, view);

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
}
