import { LRUCache } from "lru-cache";
import { lookup } from "../../domain/errors";
import { cutText } from "../../domain/procurement";
import { tokenize } from "./search-text";

const K1 = 1.2;
const B = 0.75;

// Tools index the same texts on every call and tokenising is most of a search's CPU; keyed by the text, so right whatever the source.
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

export interface Bm25SearchOptions {
  limit?: number;
  /** A factor on a document's score (e.g. favouring sections that state thresholds). */
  weight?: (index: number) => number;
  /** Hits scoring below this share of the best one are not hits (0 = every document with a query term). */
  minShareOfBest?: number;
}

/** A built index as plain data, stored next to the data set: loading it is a JSON parse and a copy, not tokenising every text again. */
export interface StoredBm25Index {
  documentCount: number;
  terms: string[];
  /** Where each term's postings start in `documents`/`weights` (one more entry than terms). */
  offsets: number[];
  documents: string;
  weights: string;
}

/** The documents containing a term (in document order) and its BM25 weight in each, before idf. */
interface Postings {
  documents: Int32Array;
  weights: Float64Array;
}

/** Every term's postings end to end, in term order: term i's are at `offsets[i]` up to `offsets[i + 1]`. */
type PackedPostings = Omit<StoredBm25Index, "documents" | "weights"> & Postings;

/**
 * A search scans at most this many postings per term. A term found in more documents (a word every contract has, like "renewal")
 * contributes through its strongest postings only — static index pruning — so a search costs the same over ten thousand contracts as over a
 * hundred. Its idf stays that of all its documents, and the documents that drop out are those where the term weighs least.
 */
export const MAX_SCANNED_POSTINGS = 256;

/**
 * An Okapi BM25 index kept as postings, so a search costs what its terms match, not the whole corpus. Scores accumulate in one typed
 * array and only the best `limit` hits become objects, so a query whose words are in every document costs a few additions per document.
 */
export function bm25Index(source: string[] | StoredBm25Index) {
  const packed: PackedPostings = Array.isArray(source)
    ? pack(source)
    : { ...source, documents: new Int32Array(bytesOf(source.documents)), weights: new Float64Array(bytesOf(source.weights)) };
  const { terms, offsets, documents, weights, documentCount } = packed;
  const postings = new Map<string, Postings>();
  /** Per common term: its MAX_SCANNED_POSTINGS strongest postings, chosen when the index is built or loaded. */
  const strongest = new Map<string, Postings>();
  terms.forEach((term, i) => {
    const all = { documents: documents.subarray(offsets[i], offsets[i + 1]), weights: weights.subarray(offsets[i], offsets[i + 1]) };
    postings.set(term, all);
    // Chosen up front, so no search pays for choosing them.
    if (all.documents.length > MAX_SCANNED_POSTINGS) strongest.set(term, strongestPostings(all));
  });
  /** Per-document scores during a search (searches are synchronous, so one array serves them all). */
  const scores = new Float64Array(documentCount);

  return {
    /** The index as plain data; `bm25Index(stored)` gives it back without the texts. */
    store(): StoredBm25Index {
      const base64 = (array: Int32Array | Float64Array) => Buffer.from(array.buffer, array.byteOffset, array.byteLength).toString("base64");
      return { documentCount, terms, offsets, documents: base64(documents), weights: base64(weights) };
    },

    /** Documents containing at least one query term, best first (ties keep index order), bounded by the options. */
    search(query: string, options: Bm25SearchOptions = {}) {
      const queried = [...new Set(tokenize(query))].filter((term) => postings.has(term));
      const touched: number[] = [];
      // True when a query term was common enough that only its strongest postings were scanned: `total` is then an estimate.
      let totalIsEstimate = false;
      for (const term of queried) {
        const matching = lookup(postings, term, "postings").documents.length;
        const idf = Math.log(1 + (documentCount - matching + 0.5) / (matching + 0.5));
        const scanned = strongest.get(term) ?? lookup(postings, term, "postings");
        if (scanned.documents.length < matching) totalIsEstimate = true;
        for (let i = 0; i < scanned.documents.length; i++) {
          const index = scanned.documents[i];
          if (scores[index] === 0) touched.push(index);
          scores[index] += idf * scanned.weights[i];
        }
      }
      let best = 0;
      for (const index of touched) {
        if (options.weight) scores[index] *= options.weight(index);
        if (scores[index] > best) best = scores[index];
      }
      const cut = best * (options.minShareOfBest ?? 0);
      const relevant = touched.filter((index) => scores[index] >= cut);
      // Touched documents are few (each term scans at most MAX_SCANNED_POSTINGS), so sorting them all costs little.
      const top = relevant.sort((a, b) => scores[b] - scores[a] || a - b).slice(0, options.limit);
      const hits = top.map((index) => ({ index, score: scores[index] }));
      for (const index of touched) scores[index] = 0;
      return { hits, total: relevant.length, totalIsEstimate };
    },
  };
}

function pack(texts: string[]): PackedPostings {
  const lists = new Map<string, { documents: number[]; frequencies: number[] }>();
  const lengths = texts.map((text, index) => {
    let length = 0;
    for (const [term, frequency] of termCounts(text)) {
      let list = lists.get(term);
      if (list === undefined) lists.set(term, (list = { documents: [], frequencies: [] }));
      list.documents.push(index);
      list.frequencies.push(frequency);
      length += frequency;
    }
    return length;
  });
  const averageLength = lengths.reduce((sum, n) => sum + n, 0) / Math.max(1, lengths.length);
  const offsets = [0];
  for (const list of lists.values()) offsets.push(offsets[offsets.length - 1] + list.documents.length);
  const documents = new Int32Array(offsets[offsets.length - 1]);
  const weights = new Float64Array(documents.length);
  let at = 0;
  for (const { documents: listed, frequencies } of lists.values())
    listed.forEach((document, i) => {
      const frequency = frequencies[i];
      documents[at] = document;
      weights[at++] = (frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * lengths[document]) / averageLength));
    });
  return { documentCount: texts.length, terms: [...lists.keys()], offsets, documents, weights };
}

/**
 * A term's MAX_SCANNED_POSTINGS heaviest postings in document order, earlier documents winning ties. A native sort of the weights finds
 * the threshold (a few milliseconds for the commonest word of ten thousand contracts), one pass keeps what reaches it.
 */
function strongestPostings(all: Postings): Postings {
  const threshold = Float64Array.from(all.weights).sort()[all.weights.length - MAX_SCANNED_POSTINGS];
  let ties = MAX_SCANNED_POSTINGS;
  for (const weight of all.weights) if (weight > threshold) ties--;
  const documents = new Int32Array(MAX_SCANNED_POSTINGS);
  const weights = new Float64Array(MAX_SCANNED_POSTINGS);
  let kept = 0;
  for (let i = 0; i < all.weights.length; i++) {
    const weight = all.weights[i];
    if (weight > threshold || (weight === threshold && ties-- > 0)) {
      documents[kept] = all.documents[i];
      weights[kept++] = weight;
    }
  }
  return { documents, weights };
}

// Typed arrays need aligned, unshared memory, so the bytes get a buffer of their own.
function bytesOf(base64: string): ArrayBuffer {
  const bytes = Buffer.from(base64, "base64");
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
}

/** The evidence quote: the sentence or list item with most query terms, then one stating a figure; clipped to `maxLength`. */
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

export function clip(text: string, maxLength: number): string {
  return cutText(text.replace(/\s+/g, " ").trim(), maxLength);
}
