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

/** How a search ranks and bounds its hits. */
export interface Bm25SearchOptions {
  /** Return at most this many hits (all by default). */
  limit?: number;
  /** A factor on a document's score (e.g. favouring sections that state thresholds). */
  weight?: (index: number) => number;
  /** Hits scoring below this share of the best one are not hits (0 = every document with a query term). */
  minShareOfBest?: number;
}

/** The best hits of a search and how many documents matched in all. */
export interface Bm25Result {
  hits: Bm25Hit[];
  total: number;
}

/**
 * An Okapi BM25 index over texts, tokenised by `tokenize` (words and CJK bigrams). Kept as postings
 * (term → documents containing it), so a search costs what its terms match, not the whole corpus:
 * built once over thousands of contracts or policy sections, then searched on every call. Scores
 * accumulate in one typed array kept with the index and only the best `limit` hits become objects,
 * so a query whose words are in every document still costs a few additions per document.
 */
export class Bm25Index {
  private readonly postings = new Map<string, { index: number; frequency: number }[]>();
  private readonly lengths: number[];
  private readonly averageLength: number;
  /** Per-document scores during a search (searches are synchronous, so one array serves them all). */
  private readonly scores: Float64Array;

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
    this.scores = new Float64Array(texts.length);
  }

  /** How many texts are indexed. */
  get size(): number {
    return this.lengths.length;
  }

  /** Documents containing at least one query term, best first (ties keep index order), bounded by the options. */
  search(query: string, options: Bm25SearchOptions = {}): Bm25Result {
    const terms = [...new Set(tokenize(query))].filter((term) => this.postings.has(term));
    const total = this.lengths.length;
    const { scores } = this;
    const touched: number[] = [];
    for (const term of terms) {
      const list = this.postings.get(term)!;
      const idf = Math.log(1 + (total - list.length + 0.5) / (list.length + 0.5));
      for (const { index, frequency } of list) {
        if (scores[index] === 0) touched.push(index);
        scores[index] += (idf * frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * this.lengths[index]!) / this.averageLength));
      }
    }
    let best = 0;
    for (const index of touched) {
      if (options.weight) scores[index] *= options.weight(index);
      if (scores[index]! > best) best = scores[index]!;
    }
    const cut = best * (options.minShareOfBest ?? 0);
    const relevant = touched.filter((index) => scores[index]! >= cut);
    const top = bestOf(relevant, options.limit ?? relevant.length, (a, b) => scores[a]! > scores[b]! || (scores[a] === scores[b] && a < b));
    const hits = top.map((index) => ({ index, score: scores[index]!, matchedTerms: terms.filter((term) => this.contains(term, index)) }));
    for (const index of touched) scores[index] = 0;
    return { hits, total: relevant.length };
  }

  /** Whether a document has a term: postings are in document order, so a binary search. */
  private contains(term: string, index: number): boolean {
    const list = this.postings.get(term)!;
    let [low, high] = [0, list.length - 1];
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (list[middle]!.index === index) return true;
      if (list[middle]!.index < index) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  }
}

/**
 * The `k` best items, best first, in O(n log k): a bounded heap whose root is the worst kept item,
 * so the ten best of ten thousand matches never sort the ten thousand.
 */
export function bestOf<T>(items: readonly T[], k: number, better: (a: T, b: T) => boolean): T[] {
  if (k <= 0) return [];
  const heap: T[] = [];
  const worse = (a: T, b: T) => better(b, a);
  const siftDown = (at: number) => {
    for (;;) {
      const [left, right] = [2 * at + 1, 2 * at + 2];
      let worst = at;
      if (left < heap.length && worse(heap[left]!, heap[worst]!)) worst = left;
      if (right < heap.length && worse(heap[right]!, heap[worst]!)) worst = right;
      if (worst === at) return;
      [heap[at], heap[worst]] = [heap[worst]!, heap[at]!];
      at = worst;
    }
  };
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item);
      for (let at = heap.length - 1; at > 0 && worse(heap[at]!, heap[(at - 1) >> 1]!); at = (at - 1) >> 1) [heap[at], heap[(at - 1) >> 1]] = [heap[(at - 1) >> 1]!, heap[at]!];
    } else if (better(item, heap[0]!)) {
      heap[0] = item;
      siftDown(0);
    }
  }
  return heap.sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
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
