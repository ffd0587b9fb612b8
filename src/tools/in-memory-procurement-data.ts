import type { ProcurementDataSet } from "../domain";
import type { ProcurementData, SpendFilter } from "./procurement-data";

/** ProcurementData over a data set held in memory (the sample data, or a fixture in tests). */
export function createInMemoryProcurementData(dataSet: ProcurementDataSet): ProcurementData {
  const suppliers = new Map(dataSet.suppliers.map((supplier) => [supplier.id, supplier]));
  return {
    listSuppliers: async () => [...dataSet.suppliers],
    getSupplier: async (id) => suppliers.get(id),
    listContracts: async (filter = {}) =>
      dataSet.contracts.filter((contract) => filter.supplierId === undefined || contract.supplierId === filter.supplierId),
    querySpend: async (filter) => dataSet.spend.filter((transaction) => matchesSpend(filter, transaction)),
    listPolicies: async (language) => dataSet.policies.filter((policy) => language === undefined || policy.language === language),
    listBenchmarks: async () => [...dataSet.benchmarks],
  };
}

function matchesSpend(filter: SpendFilter, t: ProcurementDataSet["spend"][number]): boolean {
  return (
    (filter.supplierId === undefined || t.supplierId === filter.supplierId) &&
    (filter.category === undefined || t.category === filter.category) &&
    (filter.costCenter === undefined || t.costCenter === filter.costCenter) &&
    (filter.fiscalYear === undefined || t.fiscalYear === filter.fiscalYear) &&
    (filter.from === undefined || t.date >= filter.from) &&
    (filter.to === undefined || t.date <= filter.to)
  );
}
