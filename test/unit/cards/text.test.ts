import assert from "node:assert/strict";
import { cardDateTime, paragraphs, truncate } from "../../../src/cards/text";

describe("cards/text", () => {
  it("leaves short text alone (trimmed)", () => {
    assert.equal(truncate("  Renew at +8%?  ", 20), "Renew at +8%?");
  });

  it("cuts at a word boundary near the limit and adds an ellipsis", () => {
    const cut = truncate("The price adjustment clause caps yearly increases at five percent", 30);
    assert.equal(cut, "The price adjustment clause…");
    assert.ok(cut.length <= 30);
  });

  it("cuts mid-word when there is no boundary near the end (e.g. Japanese)", () => {
    assert.equal(truncate("取引先A社の支出推移を過去五年分まとめてください", 10), "取引先A社の支出推…");
  });

  it("never splits an emoji or a combining sequence", () => {
    const cut = truncate("👍🏽👍🏽👍🏽👍🏽", 3);
    assert.equal(cut, "👍🏽👍🏽…");
    assert.equal(truncate("ガ".normalize("NFD").repeat(5), 3), "ガ".normalize("NFD").repeat(2) + "…");
  });

  it("splits into non-empty paragraphs, capping their number", () => {
    assert.deepEqual(paragraphs("a\r\n\n b \n\nc", 100), ["a", "b", "c"]);
    assert.deepEqual(paragraphs("1\n2\n3\n4", 100, 2), ["1", "2 …"]);
  });

  it("formats timestamps as card DATE/TIME functions without fractional seconds", () => {
    assert.equal(cardDateTime("2025-06-01T09:00:07.123Z"), "{{DATE(2025-06-01T09:00:07Z, SHORT)}} {{TIME(2025-06-01T09:00:07Z)}}");
    assert.equal(cardDateTime("2025-06-01T18:00:00+09:00"), "{{DATE(2025-06-01T09:00:00Z, SHORT)}} {{TIME(2025-06-01T09:00:00Z)}}");
    assert.equal(cardDateTime("not a date"), "not a date");
  });

  it("writes a Japanese card's timestamps for ja-JP in Japan time, whatever the viewer's client locale", () => {
    assert.equal(cardDateTime("2025-06-01T09:00:07.123Z", "ja"), "2025年6月1日 18:00（日本時間）");
    assert.equal(cardDateTime("2025-12-31T15:30:00Z", "ja"), "2026年1月1日 0:30（日本時間）");
  });
});
