import assert from "node:assert/strict";
import { Bm25Index, bestSentence } from "../../../../src/tools/text/bm25";
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
  it("ranks the document with the rarer matching terms first and reports what matched", () => {
    const index = new Bm25Index(["contract renewal notice", "contract payment terms", "approval thresholds for contracts", "契約の更新"]);
    const hits = index.search("renewal of the contract");
    assert.equal(hits[0].index, 0);
    assert.deepEqual(hits[0].matchedTerms, ["renew", "contract"]);
    assert.deepEqual(index.search("更新").map((h) => h.index), [3]);
    assert.deepEqual(index.search("zebra"), []);
  });
});

describe("bestSentence", () => {
  it("picks the sentence with the query terms and a figure", () => {
    const text = "Gifts are discouraged. Gifts up to ¥5,000 per item are allowed. Cash is never allowed.";
    assert.equal(bestSentence(text, "gift limit"), "Gifts up to ¥5,000 per item are allowed.");
  });
});
