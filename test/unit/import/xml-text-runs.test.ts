import assert from "node:assert/strict";
import { XmlTextRunBound } from "../../../src/import/xml-text-runs";

/** Passes `xml` through a bound of `maxBytes` in chunks of `size` bytes; what went on, as text. */
function bounded(maxBytes: number, xml: string, size: number): string {
  const bound = new XmlTextRunBound(maxBytes);
  const bytes = Buffer.from(xml);
  const kept: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) kept.push(bound.pass(bytes.subarray(at, at + size)));
  return Buffer.concat(kept).toString();
}

describe("XmlTextRunBound", () => {
  const sizes = [1, 3, 8, 1000];

  it("passes XML whose texts and tags are within the limit unchanged, however it is split", () => {
    const xml = '<row r="1"><c r="A1" t="inlineStr"><is><t>a &gt; b</t></is></c><c r="B1"><v>12</v></c></row>';
    for (const size of sizes) assert.equal(bounded(40, xml, size), xml, `chunks of ${size}`);
  });

  it("keeps the first bytes of a longer text and every tag after it", () => {
    const xml = `<c><v>${"x".repeat(100)}</v></c><c><v>1</v></c>`;
    for (const size of sizes) assert.equal(bounded(10, xml, size), `<c><v>${"x".repeat(10)}</v></c><c><v>1</v></c>`, `chunks of ${size}`);
  });

  it("never ends what it keeps inside an entity reference, nor inside a character it can see whole", () => {
    for (const size of sizes) {
      assert.match(bounded(10, `<t>${"山".repeat(10)}</t>`, size), /^<t>山山山\uFFFD?<\/t>$/, `chunks of ${size}`);
      assert.ok(["<t>abcdef</t>", "<t>abcdef&amp;</t>"].includes(bounded(10, "<t>abcdef&amp;ghijk</t>", size)), `chunks of ${size}`);
    }
    assert.equal(bounded(10, `<t>${"山".repeat(10)}</t>`, 1000), "<t>山山山</t>");
    assert.equal(bounded(10, "<t>abcdef&amp;ghijk</t>", 1000), "<t>abcdef</t>");
  });

  it("refuses a tag longer than the limit, which no cut could leave well-formed", () => {
    assert.throws(() => bounded(10, `<c r="${"A".repeat(20)}"/>`, 4), /^Error: an XML tag of more than 10 bytes$/);
  });
});
