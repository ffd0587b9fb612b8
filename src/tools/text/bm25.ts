import { LRUCache } from "lru-cache";
import { tokenize } from "./search-text";

/** A search hit: the document's position in the indexed list, its score and the query terms it contains. */
export interface Bm25Hit {
  index: number;
  score: number;
  matchedTerms: string[];
}

const K1 = 1.2;
const B = 0.75;

/**
 * Term counts per document text. Tools index the same contract and policy texts on every call, and
 * tokenising them is most of a search's CPU; under a burst of questions that CPU delays every
 * conversation's first reaction. Keyed by the text itself, so it is right whatever the data source.
 */
const termCountsCache = new LRUCache<string, ReadonlyMap<string, number>>({ max: 5_000 });

function termCounts(text: string): ReadonlyMap<string, number> {
  let counts = termCountsCache.get(text);
  if (counts === undefined) {
    const fresh = new Map<string, number>();
    for (const term of tokenize(text)) fresh.set(term, (fresh.get(term) ?? 0) + 1);
    termCountsCache.set(text, (counts = fresh));
  }
  return counts;
}

/**
 * An Okapi BM25 index over texts, tokenised by `tokenize` (words and CJK bigrams). Kept as postings
 * (term → documents containing it), so a search costs what its terms match, not the whole corpus:
 * built once over thousands of contracts or policy sections, then searched on every call.
 */
export class Bm25Index {
  private readonly postings = new Map<string, { index: number; frequency: number }[]>();
  private readonly lengths: number[];
  private readonly averageLength: number;

  constructor(texts: string[]) {
    this.lengths = texts.map((text, index) => {
      let length = 0;
      for (const [term, frequency] of termCounts(text)) {
        let list = this.postings.get(term);
        if (list === undefined) this.postings.set(term, (list = []));
        list.push({ index, frequency });
        length += frequency;
      }
      return length;
    });
    this.averageLength = this.lengths.reduce((sum, n) => sum + n, 0) / Math.max(1, this.lengths.length);
  }

  /** How many texts are indexed. */
  get size(): number {
    return this.lengths.length;
  }

  /** Documents containing at least one query term, best first (ties keep index order). */
  search(query: string): Bm25Hit[] {
    const terms = [...new Set(tokenize(query))];
    const total = this.lengths.length;
    const hits = new Map<number, Bm25Hit>();
    for (const term of terms) {
      const list = this.postings.get(term);
      if (list === undefined) continue;
      const idf = Math.log(1 + (total - list.length + 0.5) / (list.length + 0.5));
      for (const { index, frequency } of list) {
        let hit = hits.get(index);
        if (hit === undefined) hits.set(index, (hit = { index, score: 0, matchedTerms: [] }));
        hit.score += (idf * frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * this.lengths[index]) / this.averageLength));
        hit.matchedTerms.push(term);
      }
    }
    return [...hits.values()].sort((a, b) => b.score - a.score || a.index - b.index);
  }
}

/**
 * The sentence (or list item) of a passage that best answers the query: most query terms, then one
 * that states a figure. Used as the evidence quote; clipped to `maxLength` characters.
 */
export function bestSentence(text: string, query: string, maxLength = 240): string {
  const terms = new Set(tokenize(query));
  const sentences = text
    .split(/\n+|(?<=[.!?])\s+|(?<=。)/)
    .map((sentence) => sentence.replace(/^[\s*#-]+/, "").trim())
    .filter((sentence) => sentence.length > 0);
  let best = sentences[0] ?? "";
  let bestScore = -1;
  for (const sentence of sentences) {
    const score = tokenize(sentence).filter((term) => terms.has(term)).length * 2 + (/\d/.test(sentence) ? 1 : 0);
    if (score > bestScore) [best, bestScore] = [sentence, score];
  }
  return clip(best, maxLength);
}

/** Shortens text to `maxLength` characters with an ellipsis. */
export function clip(text: string, maxLength: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= maxLength ? flat : `${flat.slice(0, maxLength - 1)}…`;
}
