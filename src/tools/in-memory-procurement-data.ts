import {
  recordIdIndex,
  type Contract,
  type DataSetSummary,
  type PolicyDocument,
  type PriceBenchmark,
  type ProcurementDataSet,
  type SpendCell,
  type Supplier,
} from "../domain";
import type { ProcurementData } from "./procurement-data";
import { indexContracts, indexPolicies, type StoredSearchIndexes } from "./search-indexes";
import { once, type Lazy } from "./lazy";
import { groupBy, spendCellIndex } from "./spend-cell-index";
import { buildSpendCells } from "./spend-cube";

/**
 * A data set as the tools read it: spend as monthly cells instead of rows, read when a question first needs them; fiscal-year roll-ups and
 * search indexes when they were stored with the data set (else computed on first use).
 */
export interface ProcurementSnapshot {
  suppliers: Supplier[];
  contracts: Lazy<Contract[]>;
  /** When the store can read one supplier's contracts alone, a question about one supplier never reads every contract. */
  supplierContracts?: (supplierId: string) => Promise<Contract[] | undefined>;
  policies: PolicyDocument[];
  benchmarks: PriceBenchmark[];
  spendCells: Lazy<SpendCell[]>;
  spendYears?: Lazy<SpendCell[] | undefined>;
  searchIndexes?: StoredSearchIndexes;
  summary: DataSetSummary;
}

/** The snapshot of a data set held in full (the sample data, or a fixture in tests). */
export function snapshotOf(
  dataSet: ProcurementDataSet,
  summary: Omit<DataSetSummary, "counts"> = {
    name: "sample",
    location: "built-in sample data set",
    importedAt: null,
    fiscalYearStartMonth: 4,
  },
): ProcurementSnapshot {
  return {
    suppliers: dataSet.suppliers,
    contracts: async () => dataSet.contracts,
    policies: dataSet.policies,
    benchmarks: dataSet.benchmarks,
    spendCells: once(async () => buildSpendCells(dataSet.spend)),
    summary: {
      ...summary,
      counts: {
        suppliers: dataSet.suppliers.length,
        contracts: dataSet.contracts.length,
        spend: dataSet.spend.length,
        policies: dataSet.policies.length,
        policySections: dataSet.policies.reduce((n, p) => n + p.sections.length, 0),
        benchmarks: dataSet.benchmarks.length,
      },
    },
  };
}

export function createInMemoryProcurementData(dataSet: ProcurementDataSet): ProcurementData {
  return createSnapshotProcurementData(snapshotOf(dataSet));
}

/** Spend cells are indexed and search indexes loaded or built on first use, and kept. */
export function createSnapshotProcurementData(snapshot: ProcurementSnapshot): ProcurementData {
  const suppliers = new Map(snapshot.suppliers.map((supplier) => [supplier.id, supplier]));
  const contracts = once(snapshot.contracts);
  const contractsById = once(async () => new Map((await contracts()).map((contract) => [contract.id, contract])));
  const contractIds = once(async () => recordIdIndex((await contractsById()).keys()));
  const contractsBySupplier = once(async () => groupBy(await contracts(), (contract) => contract.supplierId));
  const spend = spendCellIndex(snapshot);
  const contractIndex = once(async () => indexContracts(await contracts(), snapshot.suppliers, await snapshot.searchIndexes?.contracts()));
  const policyIndex = once(async () => indexPolicies(snapshot.policies, await snapshot.searchIndexes?.policies()));
  return {
    describe: async () => snapshot.summary,
    listSuppliers: async () => [...snapshot.suppliers],
    getSupplier: async (id) => suppliers.get(id),
    getContract: async (id) => (await contractsById()).get(id),
    contractIds,
    listContracts: async ({ supplierId }) => [
      ...((await snapshot.supplierContracts?.(supplierId)) ?? (await contractsBySupplier()).get(supplierId) ?? []),
    ],
    autoRenewingContracts: async () => (await contracts()).filter((contract) => contract.autoRenew),
    searchContracts: async (query) => (await contractIndex()).search(query),
    listPolicies: async (language) => snapshot.policies.filter((policy) => language === undefined || policy.language === language),
    searchPolicies: async (query, language, options) => (await policyIndex()).search(query, language, options),
    spendCells: (filter, view) => spend.select(filter, view),
    spendDimensions: () => spend.dimensions(),
    listBenchmarks: async () => [...snapshot.benchmarks],
  };
}
