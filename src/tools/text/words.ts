// Lexical matching without a language model, over NFKC-normalised lower-case text (full-width "ＡＣＭＥ" = "acme").

const CJK_RUN = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]+/g;
const CJK_CHAR = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]/;
const HIRAGANA_ONLY = /^[\u3040-\u309f]+$/;
const SUFFIXES = ["ations", "ation", "ating", "ated", "ates", "ate", "ings", "ing", "ers", "er", "als", "al", "ed", "ly", "s"];
const STOPWORDS = new Set(
  "a an the and or of to in on at for by with from is are was were be been can could should would do does did we i you it its this that these those our us my what which who whom how when where why will shall may might must have has had not no yes if as than then there their they them about into over per any all some more most much many".split(
    " ",
  ),
);

/** The form every matcher compares. */
export function normalize(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

export function hasCjk(text: string): boolean {
  return CJK_CHAR.test(text);
}

/**
 * Anywhere for Japanese names, at word boundaries (any case) for Latin ones. Names come from imported data, so they are matched as
 * literal text ("C++ Inc." is no pattern), and a name longer than the text is never turned into a pattern at all.
 */
export function indexOfName(text: string, name: string): number {
  if (name.trim() === "" || name.length > text.length) return -1;
  if (hasCjk(name)) return text.indexOf(name);
  return text.search(new RegExp(`(?<![A-Za-z0-9])${escapeRegExp(name)}(?![A-Za-z0-9])`, "i"));
}

function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** A light suffix-stripping stemmer: "renewal"→"renew", "terminate"/"termination"→"termin", "quotes"→"quot". */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  let result = word;
  if (result.endsWith("ies") && result.length > 4) result = `${result.slice(0, -3)}y`;
  else {
    const suffix = SUFFIXES.find((candidate) => result.endsWith(candidate) && result.length - candidate.length >= 3);
    if (suffix) result = result.slice(0, -suffix.length);
  }
  if (result.endsWith("e") && result.length > 3) result = result.slice(0, -1);
  return result;
}

/** Stems of every Latin/digit word, in order, stop words included (keyword phrases need them). */
export function wordStems(text: string): string[] {
  return (normalize(text).match(/[a-z0-9]+/g) ?? []).map(stem);
}

export function isStopWord(word: string): boolean {
  return STOPWORDS.has(normalize(word));
}

export function contentStems(text: string): string[] {
  return (normalize(text).match(/[a-z0-9]+/g) ?? []).filter((word) => !STOPWORDS.has(word)).map(stem);
}

/** Pure-hiragana pairs (particles, endings) are skipped. */
function japaneseBigrams(text: string): string[] {
  const bigrams: string[] = [];
  for (const run of normalize(text).match(CJK_RUN) ?? []) {
    for (let i = 0; i + 1 < run.length; i++) {
      const pair = run.slice(i, i + 2);
      if (!HIRAGANA_ONLY.test(pair)) bigrams.push(pair);
    }
  }
  return bigrams;
}

/** Padded trigrams of each Latin word ("_ri", "ris", …, "ky_"), so word forms and compounds meet ("risk", "risky"); Japanese bigrams. */
export function characterGrams(text: string): string[] {
  const latin = (normalize(text).match(/[a-z0-9]+/g) ?? []).filter((word) => !STOPWORDS.has(word));
  const trigrams = latin.flatMap((word) => {
    const padded = `_${word}_`;
    return Array.from({ length: padded.length - 2 }, (_, i) => padded.slice(i, i + 3));
  });
  return [...trigrams, ...japaneseBigrams(text)];
}

export function contentFeatures(text: string): Set<string> {
  return new Set([...contentStems(text), ...japaneseBigrams(text)]);
}

/** Japanese phrases as normalised substrings, Latin ones as a contiguous run of stems ("price cap" matches "price caps"). */
export function containsPhrase(text: string, phrase: string): boolean {
  const normalizedPhrase = normalize(phrase).trim();
  if (normalizedPhrase === "") return false;
  if (hasCjk(normalizedPhrase)) return normalize(text).includes(normalizedPhrase);
  const needle = wordStems(normalizedPhrase);
  if (needle.length === 0) return false;
  const haystack = wordStems(text);
  for (let i = 0; i + needle.length <= haystack.length; i++) {
    if (needle.every((word, offset) => haystack[i + offset] === word)) return true;
  }
  return false;
}

/** Keywords that stand for a pattern rather than words: "+%" is a proposed increase ("+8%", "＋5 %"). */
export const PATTERN_KEYWORDS: Readonly<Record<string, RegExp>> = { "+%": /\+\s*\d+(?:[.,]\d+)?\s*%/ };

export function usesKeyword(question: string, keyword: string): boolean {
  const pattern = PATTERN_KEYWORDS[keyword];
  return pattern ? pattern.test(question.normalize("NFKC")) : containsPhrase(question, keyword);
}

/** A word list written "a|b|c", over as many lines as it needs (one line per topic where it fits). */
export function termList(text: string): readonly string[] {
  return text
    .split(/[|\n]/)
    .map((term) => term.trim())
    .filter((term) => term !== "");
}
