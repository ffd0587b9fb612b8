import type { Supplier } from "../domain";
import { normalise } from "./text/search-text";

/** How a supplier name typed by a user or a model was resolved. */
export interface SupplierResolution {
  /** The supplier meant, when one stands out. */
  match?: Supplier;
  /** Close names, best first: shown as suggestions when nothing (or something ambiguous) matched. */
  suggestions: string[];
}

const LEGAL_FORMS =
  /\b(co\.?,? ?ltd\.?|pte\.? ltd\.?|ltd\.?|inc\.?|k\.k\.?|gmbh|ag|ab|b\.v\.?|llc|llp|ou|corporation|corp\.?)(?=\s|$)|株式会社|\(株\)|有限会社|合同会社/g;
const FUZZY_MATCH = 0.6;
const FUZZY_SUGGEST = 0.3;

/** A comparison key: normalised, legal form and punctuation removed ("Acme Cloud, Inc." → "acmecloud"). */
export function supplierKey(text: string): string {
  return normalise(text)
    .replace(LEGAL_FORMS, " ")
    .replace(/[\s\p{P}\p{S}]/gu, "");
}

/**
 * Resolves a supplier from its id, name or an alias ("SUP-001", "Acme", "アクメ", "取引先A社"): an
 * exact key first, then a name contained in the text ("Acme SaaS contract" → Acme), then the closest
 * spelling by character-bigram similarity.
 */
export function resolveSupplier(suppliers: Supplier[], text: string): SupplierResolution {
  const key = supplierKey(text);
  if (key === "") return { suggestions: [] };
  const names = suppliers.flatMap((supplier) => namesOf(supplier).keys.map((nameKey) => ({ supplier, key: nameKey })));
  const exact = names.find((name) => name.key === key);
  if (exact) return { match: exact.supplier, suggestions: [] };
  const contained = names
    .filter((name) => (name.key.length >= 2 && key.includes(name.key)) || (key.length >= 3 && name.key.startsWith(key)))
    .sort((a, b) => b.key.length - a.key.length);
  if (contained.length > 0) return { match: contained[0].supplier, suggestions: distinctNames(contained.slice(1).map((n) => n.supplier)) };
  const scored = names.map((name) => ({ ...name, score: dice(key, name.key) })).sort((a, b) => b.score - a.score);
  const suggestions = distinctNames(scored.filter((n) => n.score >= FUZZY_SUGGEST).map((n) => n.supplier));
  if (scored[0]?.score >= FUZZY_MATCH)
    return { match: scored[0].supplier, suggestions: suggestions.filter((s) => s !== scored[0].supplier.name) };
  return { suggestions };
}

/**
 * Suppliers named anywhere in a text ("Can we renew the Acme SaaS contract?" → Acme): Latin names and
 * aliases as whole words (three letters or more), Japanese ones as substrings.
 */
export function findMentionedSuppliers(suppliers: Supplier[], text: string): Supplier[] {
  const words = ` ${normalise(text).replace(/[\p{P}\p{S}\s]+/gu, " ")} `;
  const compact = words.replace(/ /g, "");
  return suppliers.filter((supplier) =>
    namesOf(supplier).phrases.some(({ phrase, latin }) => (latin ? words.includes(` ${phrase} `) : compact.includes(phrase))),
  );
}

/** A name as it is looked for in a text: a Latin phrase between spaces, or other script without spaces. */
interface MentionPhrase {
  phrase: string;
  latin: boolean;
}

/** A supplier's id, name and aliases in the forms texts are compared with. */
interface SupplierNames {
  /** Comparison keys (`supplierKey`), the empty ones left out. */
  keys: string[];
  /** The name and aliases as they are looked for in a text. */
  phrases: MentionPhrase[];
}

/**
 * Each supplier's names, worked out once per supplier record: every tool call compares its text with
 * every supplier's names, and normalising thousands of names per call cost more than the search it
 * preceded.
 */
const supplierNames = new WeakMap<Supplier, SupplierNames>();

function namesOf(supplier: Supplier): SupplierNames {
  let names = supplierNames.get(supplier);
  if (names === undefined) {
    names = {
      keys: [supplier.id, supplier.name, ...supplier.aliases].map(supplierKey).filter((key) => key.length > 0),
      phrases: [supplier.name, ...supplier.aliases].flatMap(mentionPhrase),
    };
    supplierNames.set(supplier, names);
  }
  return names;
}

/** A name as a mention phrase: Latin of three letters or more, other script of two characters or more. */
function mentionPhrase(name: string): MentionPhrase[] {
  const phrase = normalise(name)
    .replace(LEGAL_FORMS, " ")
    .replace(/[\p{P}\p{S}\s]+/gu, " ")
    .trim();
  // eslint-disable-next-line no-control-regex -- plain ASCII, control characters included
  if (/^[\x00-\x7f]+$/.test(phrase)) return phrase.length >= 3 ? [{ phrase, latin: true }] : [];
  const compact = phrase.replace(/ /g, "");
  return compact.length >= 2 ? [{ phrase: compact, latin: false }] : [];
}

function distinctNames(suppliers: Supplier[]): string[] {
  return [...new Set(suppliers.map((supplier) => supplier.name))].slice(0, 3);
}

/** Sørensen–Dice similarity of the character bigrams of two strings (0…1). */
function dice(a: string, b: string): number {
  const grams = (text: string) => {
    const counts = new Map<string, number>();
    for (let i = 0; i + 1 < text.length; i++) counts.set(text.slice(i, i + 2), (counts.get(text.slice(i, i + 2)) ?? 0) + 1);
    return counts;
  };
  const left = grams(a);
  const right = grams(b);
  let shared = 0;
  for (const [gram, count] of left) shared += Math.min(count, right.get(gram) ?? 0);
  const total = Math.max(0, a.length - 1) + Math.max(0, b.length - 1);
  return total === 0 ? 0 : (2 * shared) / total;
}
