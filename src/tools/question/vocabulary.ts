import type { ProcurementData } from "../procurement-data";
import { CATEGORY_TERMS, categoryNamesJa } from "../../domain/category-terms";
import type { RecordIdIndex, Supplier } from "../../domain";
import { wordsNamingNothing } from "./named-suppliers";

export type VocabularySupplier = Pick<Supplier, "id" | "name" | "aliases" | "category" | "region">;

export type QuestionVocabulary = Awaited<ReturnType<typeof buildQuestionVocabulary>>;

/** Built once at start-up; the contract ids are read when a question first needs them. */
export async function buildQuestionVocabulary(data: ProcurementData) {
  const [suppliers, benchmarks, summary] = await Promise.all([data.listSuppliers(), data.listBenchmarks(), data.describe()]);
  const categoryIds = [...new Set([...suppliers.map((s) => s.category), ...benchmarks.map((b) => b.category)])].sort();
  const namesJa = categoryNamesJa(suppliers);
  // Each with its terms: its id, English words, Japanese synonyms.
  const categories = categoryIds.map((id) => ({
    id,
    // The data set's Japanese name is a term too: a question may name the category by it.
    terms: [
      ...new Set([id, id.replace(/-/g, " "), ...(CATEGORY_TERMS[id] ?? []), ...[namesJa.get(id)].filter((name) => name !== undefined)]),
    ],
  }));
  const regions = [...new Set(suppliers.map((s) => s.region))].sort();
  return {
    suppliers: suppliers
      .map((s): VocabularySupplier => ({ id: s.id, name: s.name, aliases: s.aliases, category: s.category, region: s.region }))
      .sort((a, b) => a.id.localeCompare(b.id)),
    categories,
    contractIds: new ContractIdsOnFirstUse(() => data.contractIds()),
    regions,
    wordsNamingNothing: wordsNamingNothing(categories, regions),
    // So that "FY2025" and "last year" mean what the tools mean by them.
    fiscalYearStartMonth: summary.fiscalYearStartMonth,
  };
}

/**
 * Read when a question first needs them: with ten thousand contracts the read costs hundreds of milliseconds, and a damaged contracts file
 * must fail only the questions that look up a contract. Async readers await `ready()`; `in()` throws the read's failure only when used.
 */
export class ContractIdsOnFirstUse {
  private read: { index: RecordIdIndex } | { failure: unknown } | undefined;

  /** `load` is the data layer's own single read (ProcurementData.contractIds): shared, kept, and tried again after a failure. */
  constructor(private readonly load: () => Promise<RecordIdIndex>) {}

  async ready(): Promise<void> {
    try {
      this.read = { index: await this.load() };
    } catch (failure) {
      this.read = { failure };
    }
  }

  /** Throws why the ids could not be read. */
  in(text: string) {
    if (this.read === undefined) throw new Error("contract ids looked up before ready() read them");
    if ("failure" in this.read) throw this.read.failure;
    return this.read.index.in(text);
  }
}
