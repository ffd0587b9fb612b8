import assert from "node:assert/strict";
import { clauseWithin } from "../../../../src/llm/offline/text";

describe("offline text: clauseWithin", () => {
  it("keeps a text that fits, else its longest head ending a sentence or clause, never inside brackets or a figure", () => {
    assert.equal(clauseWithin("Cap is 5%.", 20), "Cap is 5%.");
    assert.equal(clauseWithin("Quotes are needed. Three for ¥5,000,000 or more, two below.", 40), "Quotes are needed.");
    assert.equal(
      clauseWithin("Spend ¥52,079,111 in 37 transactions; FY2026 to date ¥35,737,465", 50),
      "Spend ¥52,079,111 in 37 transactions…",
    );
    assert.equal(
      clauseWithin("Median ¥11,500 (p25 ¥9,800, p75 ¥13,900), typical increase 6%, source index", 70),
      "Median ¥11,500 (p25 ¥9,800, p75 ¥13,900), typical increase 6%…",
    );
  });

  it("cuts Japanese at 、 or 。 and a text with no clause end at a word", () => {
    assert.equal(
      clauseWithin("物流の支出は¥2,741,437,367（2,839件）、前年比+2.8%です。上位はEuroTransです。", 50),
      "物流の支出は¥2,741,437,367（2,839件）、前年比+2.8%です。",
    );
    assert.equal(clauseWithin("one two three four five six", 15), "one two three…");
  });
});
