import Fuse from "fuse.js";
import type { Supplier } from "../../domain";
import { foldName, isAscii, nameKey, nameWords, romajiReading } from "./name-key";

type NamedRecord = Pick<Supplier, "id" | "name" | "aliases">;

/**
 * How a supplier name typed by a user or a model was resolved: one supplier, several plausible ones (ask back with them), or none (say so,
 * with the closest names). Candidates and suggestions are at most three, best first.
 */
type SupplierResolution<S extends NamedRecord> =
  { outcome: "match"; supplier: S } | { outcome: "ambiguous"; candidates: S[] } | { outcome: "not_found"; suggestions: S[] };

/** Fuse scores (0 = identical, 1 = unrelated) at which a spelling is a typo, a candidate, a suggestion. */
const TYPO = 0.35;
const CANDIDATE = 0.45;
const SUGGESTION = 0.65;
/** A typo only counts as the supplier meant when the next supplier scores this much worse. */
const TYPO_MARGIN = 0.15;
const MAX_CANDIDATES = 3;
/** Names shorter than this (as keys) are never matched or asked back by spelling alone. */
const MIN_FUZZY_KEY = 7;
/** Length ratio a typed name and a supplier's name need for a typo or a candidate. */
const LENGTH_RATIO = 0.8;

/**
 * By id, name, alias or the name without its legal form, in any width, case or kana. In order: an exact key; the beginning of names; a name
 * that is most of a longer text; then a close spelling (a clear typo matches, plausible ones are asked back, distant ones only suggested).
 */
export function resolveSupplier<S extends NamedRecord>(suppliers: readonly S[], text: string): SupplierResolution<S> {
  const key = nameKey(text);
  const words = nameWords(text);
  if (key === "") return { outcome: "not_found", suggestions: [] };
  const index = indexOf(suppliers);
  const romajiWords = romajiReading(words);
  const romaji = romajiWords.replace(/ /g, "");
  const exact = distinct(index.entries.filter((entry) => entry.key === key || entry.romajiWords.replace(/ /g, "") === romaji));
  if (exact.length > 0) return exact.length === 1 ? { outcome: "match", supplier: exact[0] } : ambiguous(exact);

  const starting = distinct(
    index.entries.filter(
      (entry) => key.length >= 3 && (startsWithWords(entry.words, words) || startsWithWords(entry.romajiWords, romajiWords)),
    ),
  );
  if (starting.length > 0) return starting.length === 1 ? { outcome: "match", supplier: starting[0] } : ambiguous(starting);

  const inside = index.entries
    .filter((entry) => entry.key.length >= 2 && containsWords(words, entry.words))
    .sort((a, b) => b.key.length - a.key.length);
  const mostly = inside.filter((entry) => entry.key.length * 2 >= key.length);
  if (mostly.length > 0 && distinct(mostly).length === 1) return { outcome: "match", supplier: mostly[0].supplier };

  // Fuse scores a name that merely contains the typed letters ("Globex" in "Globelink Networks") as
  // close; a name much longer or shorter than what was typed is only ever a suggestion.
  const scored = index
    .fuse()
    .search(words, { limit: 20 })
    .map((hit) => {
      const score = hit.score ?? 1;
      const ratio = Math.min(key.length, hit.item.key.length) / Math.max(key.length, hit.item.key.length);
      return { supplier: hit.item.supplier, score: ratio >= LENGTH_RATIO ? score : Math.max(score, CANDIDATE + 0.01) };
    });
  const ranked = distinctScored([...inside.map((entry) => ({ supplier: entry.supplier, score: CANDIDATE })), ...scored]);
  // A short name differing by one letter is another name ("取引先B社" is not "取引先A社"): suggested only.
  if (key.length < MIN_FUZZY_KEY)
    return { outcome: "not_found", suggestions: ranked.slice(0, MAX_CANDIDATES).map((entry) => entry.supplier) };
  const [best, next] = ranked;
  if (best && best.score <= TYPO && (!next || next.score - best.score >= TYPO_MARGIN)) return { outcome: "match", supplier: best.supplier };
  const candidates = ranked.filter((entry) => entry.score <= CANDIDATE).map((entry) => entry.supplier);
  if (candidates.length > 0) return ambiguous(candidates);
  return {
    outcome: "not_found",
    suggestions: ranked
      .filter((entry) => entry.score <= SUGGESTION)
      .slice(0, MAX_CANDIDATES)
      .map((entry) => entry.supplier),
  };
}

/** Suppliers named anywhere in a text: Latin names and aliases as whole words (three letters or more), Japanese ones as substrings. */
export function findMentionedSuppliers<S extends NamedRecord>(suppliers: readonly S[], text: string): S[] {
  const words = ` ${nameWords(text)} `;
  const compact = words.replace(/ /g, "");
  const { phrases } = indexOf(suppliers);
  return suppliers.filter((supplier) =>
    (phrases.get(supplier) ?? []).some(({ phrase, latin }) => (latin ? words.includes(` ${phrase} `) : compact.includes(phrase))),
  );
}

/**
 * The names of a supplier list, worked out once per list: every tool call compares its text with every supplier's names, and folding
 * thousands of names per call cost more than the search it preceded. The data adapters hand out copies of one list of the same supplier
 * records until the data changes, so a list is known by its first and last record and its length.
 */
const indexes = new WeakMap<NamedRecord, { last: NamedRecord; length: number; index: unknown }>();

type SupplierIndex<S extends NamedRecord> = ReturnType<typeof buildIndex<S>>;

function indexOf<S extends NamedRecord>(suppliers: readonly S[]): SupplierIndex<S> {
  const first = suppliers[0];
  if (first === undefined) return buildIndex(suppliers);
  const cached = indexes.get(first);
  // Cached for this very list, so its records are the S given.
  if (cached && cached.last === suppliers.at(-1) && cached.length === suppliers.length) return cached.index as SupplierIndex<S>;
  const index = buildIndex(suppliers);
  indexes.set(first, { last: suppliers[suppliers.length - 1], length: suppliers.length, index });
  return index;
}

function buildIndex<S extends NamedRecord>(suppliers: readonly S[]) {
  const entries = suppliers.flatMap((supplier) =>
    [supplier.id, supplier.name, ...supplier.aliases]
      // `romajiWords`: the words with kana read as romaji.
      .map((name) => ({ supplier, key: nameKey(name), words: nameWords(name), romajiWords: romajiReading(nameWords(name)) }))
      .filter((entry) => entry.key.length > 0),
  );
  let fuse: Fuse<(typeof entries)[number]> | undefined;
  return {
    entries,
    /** Built on the first close-spelling search: most names resolve exactly. */
    fuse: () => (fuse ??= new Fuse(entries, { keys: ["words"], includeScore: true, ignoreLocation: true, threshold: SUGGESTION })),
    phrases: new Map(suppliers.map((supplier) => [supplier, [supplier.name, ...supplier.aliases].flatMap(mentionPhrase)])),
  };
}

/** A Latin phrase is looked for between spaces, other script without. */
function mentionPhrase(name: string): { phrase: string; latin: boolean }[] {
  const phrase = nameWords(name);
  if (isAscii(phrase)) return phrase.length >= 3 ? [{ phrase, latin: true }] : [];
  const compact = phrase.replace(/ /g, "");
  return compact.length >= 2 ? [{ phrase: compact, latin: false }] : [];
}

/** By words in Latin script, else by characters ("はやぶさ" begins "はやぶさ物流", "sakura" begins "sakura精機"). */
function startsWithWords(name: string, typed: string): boolean {
  if (!isLatin(typed) || !isLatin(name)) return name.replace(/ /g, "").startsWith(typed.replace(/ /g, "")) && name !== typed;
  return `${name} `.startsWith(`${typed} `) && name !== typed;
}

function containsWords(text: string, name: string): boolean {
  if (!isLatin(name)) return text.replace(/ /g, "").includes(name.replace(/ /g, ""));
  return ` ${text} `.includes(` ${name} `);
}

function isLatin(text: string): boolean {
  return isAscii(foldName(text));
}

function ambiguous<S>(suppliers: S[]): { outcome: "ambiguous"; candidates: S[] } {
  return { outcome: "ambiguous", candidates: suppliers.slice(0, MAX_CANDIDATES) };
}

function distinct<S>(entries: { supplier: S }[]): S[] {
  return [...new Set(entries.map((entry) => entry.supplier))];
}

function distinctScored<S>(entries: { supplier: S; score: number }[]): { supplier: S; score: number }[] {
  const best = new Map<S, number>();
  for (const { supplier, score } of entries) best.set(supplier, Math.min(score, best.get(supplier) ?? 1));
  return [...best].map(([supplier, score]) => ({ supplier, score })).sort((a, b) => a.score - b.score);
}

/**
 * Never "all suppliers": an unresolved argument says why, in the message the answer states ("No supplier named "Northwind Robotics" is in
 * the data.").
 */
export function resolveSupplierArgument(suppliers: readonly Supplier[], text: string) {
  const resolved = resolveSupplier(suppliers, text);
  const written = text.trim();
  if (resolved.outcome === "match") {
    const { id, name } = resolved.supplier;
    return {
      supplier: resolved.supplier,
      resolution: { resolved: [{ kind: "supplier" as const, text: written, id, name }], unresolved: [] },
    };
  }
  const names = (resolved.outcome === "ambiguous" ? resolved.candidates : resolved.suggestions).map((supplier) => supplier.name);
  const message =
    resolved.outcome === "ambiguous"
      ? `Several suppliers could be "${written}": ${names.join(", ")}. Which one is meant?`
      : `No supplier named "${written}" is in the data.${names.length > 0 ? ` Closest names: ${names.join(", ")}.` : ""}`;
  return {
    message,
    resolution: { resolved: [], unresolved: [{ kind: "supplier" as const, text: written, outcome: resolved.outcome, candidates: names }] },
  };
}
