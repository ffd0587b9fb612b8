import { distance } from "fastest-levenshtein";
import { extractAmounts, extractPercentages, type JpyRates } from "../../domain/amounts";
import { LEXICON, REGION_TERMS } from "./lexicon";
import { fiscalYearOfDate } from "../../domain/fiscal-year";
import { resolveNamedSuppliers } from "./named-suppliers";
import { containsPhrase, hasCjk, indexOfName, normalize } from "../text/words";
import type { QuestionVocabulary, VocabularySupplier } from "./vocabulary";
import type { SpendGroupBy } from "../spend-breakdown";

export type QuestionEntities = ReturnType<typeof extractQuestionEntities>;

export function extractQuestionEntities(question: string, vocabulary: QuestionVocabulary, today: Date, jpyRates?: JpyRates) {
  const mentioned = findSuppliers(question, vocabulary.suppliers);
  const named = resolveNamedSuppliers(question, vocabulary, mentioned.suppliers);
  const suppliers = [...mentioned.suppliers, ...named.suppliers];
  // Names (known or not) are not category words: "Acme Cloud Japan" is no question about cloud.
  const remainder = [...named.unresolved, ...named.suppliers.map((s) => s.name)].reduce(
    (text, name) => text.split(normalize(name)).join(" "),
    mentioned.remainder,
  );
  const topics = new Set((Object.keys(LEXICON) as (keyof typeof LEXICON)[]).filter((topic) => mentions(question, LEXICON[topic])));
  const trend = topics.has("trend");
  return {
    suppliers,
    // Match no supplier (or several): the tools say so, instead of the question being answered for every supplier.
    unresolvedSuppliers: named.unresolved,
    // Supplier names excluded.
    categories: rankCategories(remainder, vocabulary),
    // Named or implied ("FY2025", "2025年度", "last year").
    fiscalYears: findFiscalYears(question, fiscalYearOfDate(today, vocabulary.fiscalYearStartMonth)),
    region: Object.entries(REGION_TERMS).find(([, terms]) => mentions(remainder, terms))?.[0] ?? null,
    groupBy: groupingOf(topics),
    trend,
    amounts: extractAmounts(question, jpyRates),
    percentages: extractPercentages(question),
    topics,
  };
}

/**
 * Categories the question mentions, those named verbatim first: stems collide ("market" and
 * "marketing" share one), so "market price for packaging" must lead with packaging.
 */
function rankCategories(text: string, vocabulary: QuestionVocabulary): string[] {
  const words = new Set(normalize(text).split(/[^\p{L}\p{N}-]+/u));
  const verbatim = (terms: readonly string[]) =>
    terms.some((term) => (hasCjk(term) ? normalize(text).includes(normalize(term)) : words.has(normalize(term))));
  return vocabulary.categories
    .filter((category) => mentions(text, category.terms))
    .sort((a, b) => Number(verbatim(b.terms)) - Number(verbatim(a.terms)))
    .map((category) => category.id);
}

function mentions(text: string, terms: readonly string[]): boolean {
  return terms.some((term) => containsPhrase(text, term));
}

function groupingOf(topics: Set<keyof typeof LEXICON>): SpendGroupBy | null {
  if (topics.has("quarter")) return "quarter";
  if (topics.has("month")) return "month";
  if (topics.has("byCostCenter")) return "costCenter";
  if (topics.has("byCategory")) return "category";
  if (topics.has("bySupplier")) return "supplier";
  if (topics.has("trend")) return "fiscalYear";
  return null;
}

/** "last year" and "this year" counted from `currentYear` ("FY2026"). */
function findFiscalYears(question: string, currentYear: string): string[] {
  const text = normalize(question);
  const years = new Set<string>();
  for (const match of text.matchAll(/\bfy\s?'?(\d{4}|\d{2})\b/g)) years.add(`FY${match[1].length === 2 ? `20${match[1]}` : match[1]}`);
  for (const match of text.matchAll(/(\d{4})\s*年度/g)) years.add(`FY${match[1]}`);
  const current = Number(currentYear.slice(2));
  if (mentions(question, LEXICON.lastYear)) years.add(`FY${current - 1}`);
  if (mentions(question, LEXICON.thisYear)) years.add(`FY${current}`);
  return [...years].sort();
}

/**
 * Suppliers named in the question by name or alias (longest names first, so "取引先A社" wins over
 * "A社"), or by a one-letter typo of a long single-word alias. Returns the question with the matched
 * names blanked, so "Acme Cloud Software" does not also count as the categories cloud and software.
 */
function findSuppliers(question: string, suppliers: VocabularySupplier[]): { suppliers: VocabularySupplier[]; remainder: string } {
  const names = suppliers
    .flatMap((supplier) => [supplier.name, ...supplier.aliases].map((name) => ({ supplier, name: normalize(name).trim() })))
    .filter((entry) => entry.name.length > 0)
    .sort((a, b) => b.name.length - a.name.length || a.supplier.id.localeCompare(b.supplier.id));
  let remainder = normalize(question);
  const found: { supplier: VocabularySupplier; at: number }[] = [];
  for (const { supplier, name } of names) {
    const at = indexOfName(remainder, name);
    if (at < 0) continue;
    remainder = `${remainder.slice(0, at)} ${remainder.slice(at + name.length)}`;
    if (!found.some((entry) => entry.supplier.id === supplier.id)) found.push({ supplier, at });
  }
  if (found.length === 0) {
    const words = remainder.match(/[a-z][a-z0-9]{4,}/g) ?? [];
    for (const { supplier, name } of names) {
      if (hasCjk(name) || name.includes(" ") || name.length < 5) continue;
      if (words.some((word) => distance(word, name) <= 1) && !found.some((entry) => entry.supplier.id === supplier.id))
        found.push({ supplier, at: Number.MAX_SAFE_INTEGER });
    }
  }
  return { suppliers: found.sort((a, b) => a.at - b.at).map((entry) => entry.supplier), remainder };
}
