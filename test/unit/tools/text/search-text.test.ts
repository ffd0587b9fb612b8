import assert from "node:assert/strict";
import { bm25Index, MAX_SCANNED_POSTINGS, bestSentence } from "../../../../src/tools/text/bm25";
import { tokenize } from "../../../../src/tools/text/search-text";

describe("tokenize", () => {
  it("stems English words so their forms meet, drops stop words, joins thousands", () => {
    assert.deepEqual(tokenize("Who approves the approvals? Approver of ¥60,000,000"), ["approv", "approv", "approv", "60000000"]);
    assert.deepEqual(tokenize("renewals, quotations and quotes"), ["renew", "quot", "quot"]);
  });

  it("splits Japanese into character bigrams, dropping hiragana-only ones, full-width folded", () => {
    assert.deepEqual(tokenize("承認金額は"), ["承認", "認金", "金額", "額は"]);
    assert.deepEqual(tokenize("ＳａａＳの更新"), ["saa", "の更", "更新"]);
  });
});

describe("Bm25Index", () => {
  it("ranks the document with the rarer matching terms first", () => {
    const texts = ["contract renewal notice", "contract payment terms", "approval thresholds for contracts", "契約の更新"];
    const index = bm25Index(texts);
    const { hits } = index.search("renewal of the contract");
    assert.equal(hits[0].index, 0);
    // The query's terms after stemming and stop words; the first hit holds both, the others only "contract".
    assert.deepEqual(tokenize("renewal of the contract"), ["renew", "contract"]);
    assert.deepEqual(
      tokenize(texts[0])
        .filter((term) => term === "renew" || term === "contract")
        .sort(),
      ["contract", "renew"],
    );
    assert.deepEqual(
      hits.map((hit) => hit.index),
      [0, 1, 2],
    );
    assert.deepEqual(
      index.search("更新").hits.map((h) => h.index),
      [3],
    );
    assert.deepEqual(index.search("zebra"), { hits: [], total: 0, totalIsEstimate: false });
  });

  it("scores each index on its own documents when texts are shared between indexes (term counts are cached per text)", () => {
    const shared = "renewal notice for the contract";
    const small = bm25Index([shared, "payment terms"]).search("renewal").hits;
    const large = bm25Index([shared, "renewal price", "renewal cap", "payment terms"]).search("renewal").hits;
    assert.deepEqual(
      small.map((h) => h.index),
      [0],
    );
    assert.deepEqual(
      large.map((h) => h.index),
      [1, 2, 0],
      "the shorter documents rank first",
    );
    assert.ok(small[0].score > large.find((h) => h.index === 0)!.score, "a term in every other document is worth less");
  });

  it("returns the best `limit` hits with the total, drops hits under a share of the best, and applies weights", () => {
    const texts = Array.from({ length: 200 }, (_, i) =>
      i % 50 === 7 ? "renewal renewal notice" : `renewal clause ${i} with padding words here`,
    );
    const index = bm25Index(texts);
    const all = index.search("renewal notice");
    assert.equal(all.total, 200);
    assert.deepEqual(
      all.hits.slice(0, 4).map((h) => h.index),
      [7, 57, 107, 157],
    );
    const top = index.search("renewal notice", { limit: 3 });
    assert.deepEqual(
      top,
      { hits: all.hits.slice(0, 3), total: 200, totalIsEstimate: false },
      "the same order as a full sort, ties by position",
    );
    const relevant = index.search("renewal notice", { minShareOfBest: 0.5 });
    assert.deepEqual(
      relevant.hits.map((h) => h.index),
      [7, 57, 107, 157],
    );
    assert.equal(relevant.total, 4);
    const favoured = index.search("renewal notice", { limit: 1, weight: (i) => (i === 199 ? 10_000 : 1) });
    assert.equal(favoured.hits[0].index, 199);
    assert.deepEqual(
      index.search("renewal notice", { limit: 2 }).hits.map((h) => h.index),
      [7, 57],
      "a search leaves no scores behind",
    );
  });

  it("scans only a common term's strongest postings: the best hits stay, the total becomes an estimate", () => {
    const count = MAX_SCANNED_POSTINGS * 16;
    // Every text says "renewal"; a few say it often in few words (the strongest postings), and one rare word marks others.
    const texts = Array.from({ length: count }, (_, i) =>
      i % 997 === 3
        ? "renewal renewal renewal notice"
        : i % 401 === 5
          ? `renewal clause ${i} escalation`
          : `renewal clause ${i} with padding words here and more`,
    );
    const index = bm25Index(texts);
    const common = index.search("renewal", { limit: 5 });
    assert.equal(common.totalIsEstimate, true);
    assert.ok(common.total <= MAX_SCANNED_POSTINGS, `${common.total} documents scored for one common term`);
    assert.deepEqual(
      common.hits.slice(0, 5).map((h) => h.index),
      [3, 1000, 1997, 2994, 3991],
      "the documents where the common word weighs most",
    );
    const withRareWord = texts.flatMap((text, i) => (text.includes("escalation") ? [i] : []));
    const rare = index.search("renewal escalation", { limit: withRareWord.length });
    assert.deepEqual(
      rare.hits.map((h) => h.index).sort((a, b) => a - b),
      withRareWord,
      "every document with the rare word is found, whatever the common word's pruning",
    );
    assert.equal(index.search("escalation").totalIsEstimate, false, "a rare word's postings are scanned in full");
  });
});

describe("Bm25Index.search limit", () => {
  it("keeps the best hits, best first and ties in document order, like a sort would", () => {
    // Texts of one length, so a document's score rises with how often it says the word.
    const repeats = Array.from({ length: 50 }, (_, i) => ((i * 7) % 50) + 1);
    const index = bm25Index(repeats.map((r) => `${"gear ".repeat(r)}${"filler ".repeat(51 - r)}`));
    const byRepeats = (r: number) => repeats.indexOf(r);
    assert.deepEqual(
      index.search("gear", { limit: 5 }).hits.map((h) => h.index),
      [50, 49, 48, 47, 46].map(byRepeats),
    );
    const ties = bm25Index(["gear gear", "gear", "gear gear", "filler"]);
    assert.deepEqual(
      ties.search("gear", { limit: 10 }).hits.map((h) => h.index),
      [0, 2, 1],
    );
    assert.deepEqual(index.search("gear", { limit: 0 }).hits, []);
  });
});

describe("bestSentence", () => {
  it("picks the sentence with the query terms and a figure", () => {
    const text = "Gifts are discouraged. Gifts up to ¥5,000 per item are allowed. Cash is never allowed.";
    assert.equal(bestSentence(text, "gift limit"), "Gifts up to ¥5,000 per item are allowed.");
  });
});
