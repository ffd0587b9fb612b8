import type { Container, JSONObject, SqlParameter } from "@azure/cosmos";
import {
  ContractSchema,
  PolicyDocumentSchema,
  PriceBenchmarkSchema,
  SpendTransactionSchema,
  SupplierSchema,
  type Contract,
  type PolicyDocument,
  type PriceBenchmark,
  type ProcurementDataSet,
  type SpendTransaction,
  type Supplier,
} from "../domain";
import type { ProcurementData, SpendFilter } from "../tools/procurement-data";
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
}

/** Spend filter fields and the SQL condition each adds; values always travel as parameters. */
const SPEND_CONDITIONS: { [K in keyof Required<SpendFilter>]: string } = {
  supplierId: "c.supplierId = @supplierId",
  category: "c.category = @category",
  costCenter: "c.costCenter = @costCenter",
  fiscalYear: "c.fiscalYear = @fiscalYear",
  from: "c.date >= @from",
  to: "c.date <= @to",
};

/** How many documents of each kind were written by `upsertAll`. */
export type DataSetCounts = { [K in keyof ProcurementDataSet]: number };

/**
 * `ProcurementData` over the Cosmos data containers, with parameterised queries only. Results are
 * ordered by id (benchmarks by category), the order of the sample data set.
 */
export class CosmosProcurementData implements ProcurementData {
  constructor(private readonly containers: ProcurementContainers) {}

  /** All suppliers. */
  listSuppliers(): Promise<Supplier[]> {
    return queryDocuments(this.containers.suppliers, { query: "SELECT * FROM c ORDER BY c.id" }, SupplierSchema);
  }

  /** One supplier by id, or undefined. */
  async getSupplier(id: string): Promise<Supplier | undefined> {
    const document = await readDocument(this.containers.suppliers, id, id);
    return document && parseDocument(SupplierSchema, document.raw, this.containers.suppliers.id);
  }

  /** Contracts, optionally of one supplier (a single-partition query then). */
  listContracts(filter: { supplierId?: string } = {}): Promise<Contract[]> {
    if (filter.supplierId === undefined)
      return queryDocuments(this.containers.contracts, { query: "SELECT * FROM c ORDER BY c.id" }, ContractSchema);
    return queryDocuments(
      this.containers.contracts,
      { query: "SELECT * FROM c WHERE c.supplierId = @supplierId ORDER BY c.id", parameters: [{ name: "@supplierId", value: filter.supplierId }] },
      ContractSchema,
      { partitionKey: filter.supplierId },
    );
  }

  /** Spend transactions matching every given filter field (dates inclusive). */
  querySpend(filter: SpendFilter): Promise<SpendTransaction[]> {
    const conditions: string[] = [];
    const parameters: SqlParameter[] = [];
    for (const field of Object.keys(SPEND_CONDITIONS) as (keyof SpendFilter)[]) {
      const value = filter[field];
      if (value === undefined) continue;
      conditions.push(SPEND_CONDITIONS[field]);
      parameters.push({ name: `@${field}`, value });
    }
    const where = conditions.length > 0 ? ` WHERE ${conditions.join(" AND ")}` : "";
    return queryDocuments(
      this.containers.spend,
      { query: `SELECT * FROM c${where} ORDER BY c.id`, parameters },
      SpendTransactionSchema,
      filter.supplierId === undefined ? {} : { partitionKey: filter.supplierId },
    );
  }

  /** Policy documents, optionally in one language. */
  listPolicies(language?: "en" | "ja"): Promise<PolicyDocument[]> {
    if (language === undefined)
      return queryDocuments(this.containers.policies, { query: "SELECT * FROM c ORDER BY c.id" }, PolicyDocumentSchema);
    return queryDocuments(
      this.containers.policies,
      { query: "SELECT * FROM c WHERE c.language = @language ORDER BY c.id", parameters: [{ name: "@language", value: language }] },
      PolicyDocumentSchema,
    );
  }

  /** All price benchmarks. */
  listBenchmarks(): Promise<PriceBenchmark[]> {
    return queryDocuments(this.containers.benchmarks, { query: "SELECT * FROM c ORDER BY c.category" }, PriceBenchmarkSchema);
  }

  /** Loads a data set (insert or overwrite by id), containers in parallel; returns the counts. */
  async upsertAll(data: ProcurementDataSet): Promise<DataSetCounts> {
    const asDocuments = <T extends object>(items: T[], id: (item: T) => string) =>
      items.map((item) => ({ ...item, id: id(item) }) as unknown as JSONObject);
    await Promise.all([
      bulkUpsert(this.containers.suppliers, asDocuments(data.suppliers, (s) => s.id), (d) => String(d.id)),
      bulkUpsert(this.containers.contracts, asDocuments(data.contracts, (c) => c.id), (d) => String(d.supplierId)),
      bulkUpsert(this.containers.policies, asDocuments(data.policies, (p) => p.id), (d) => String(d.policyKey)),
      bulkUpsert(this.containers.benchmarks, asDocuments(data.benchmarks, (b) => cosmosId(`${b.category}|${b.unit}`)), (d) => String(d.category)),
      bulkUpsert(this.containers.spend, asDocuments(data.spend, (t) => t.id), (d) => String(d.supplierId)),
    ]);
    return {
      suppliers: data.suppliers.length,
      contracts: data.contracts.length,
      spend: data.spend.length,
      policies: data.policies.length,
      benchmarks: data.benchmarks.length,
    };
  }
}
