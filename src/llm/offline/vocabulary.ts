import type { ProcurementData } from "../../tools/procurement-data";
import { CATEGORY_TERMS, categoryNamesJa } from "../../domain/category-terms";
import { ContractIdsOnFirstUse } from "./contract-ids-on-first-use";

/** A supplier as the offline engine recognises it in a question. */
export interface VocabularySupplier {
  id: string;
  name: string;
  aliases: string[];
  category: string;
  region: string;
}

/** A spend category with every term that names it (its id, English words, Japanese synonyms). */
export interface VocabularyCategory {
  id: string;
  terms: string[];
}

/** The names the offline engine extracts from questions: suppliers, categories and contract ids from the data. */
export interface OfflineVocabulary {
  suppliers: VocabularySupplier[];
  categories: VocabularyCategory[];
  /** The data set's contract ids, recognised in a question by lookup whatever their format; read on first use. */
  contractIds: ContractIdsOnFirstUse;
  /** Region codes used by suppliers ("JP", "US", …). */
  regions: string[];
  /** The data set's first month of the fiscal year: "FY2025" and "last year" mean what the tools mean by them. */
  fiscalYearStartMonth: number;
}

/**
 * Builds the vocabulary once at start-up from the procurement data (suppliers, benchmarks, its fiscal
 * year); the contract ids are read when a question first needs them.
 */
export async function buildOfflineVocabulary(data: ProcurementData): Promise<OfflineVocabulary> {
  const [suppliers, benchmarks, summary] = await Promise.all([data.listSuppliers(), data.listBenchmarks(), data.describe()]);
  const categoryIds = [...new Set([...suppliers.map((s) => s.category), ...benchmarks.map((b) => b.category)])].sort();
  const namesJa = categoryNamesJa(suppliers);
  return {
    suppliers: suppliers
      .map((s) => ({ id: s.id, name: s.name, aliases: s.aliases, category: s.category, region: s.region }))
      .sort((a, b) => a.id.localeCompare(b.id)),
    categories: categoryIds.map((id) => ({
      id,
      // The data set's Japanese name is a term too: a question may name the category by it.
      terms: [
        ...new Set([id, id.replace(/-/g, " "), ...(CATEGORY_TERMS[id] ?? []), ...[namesJa.get(id)].filter((name) => name !== undefined)]),
      ],
    })),
    contractIds: new ContractIdsOnFirstUse(() => data.contractIds()),
    regions: [...new Set(suppliers.map((s) => s.region))].sort(),
    fiscalYearStartMonth: summary.fiscalYearStartMonth,
  };
}
