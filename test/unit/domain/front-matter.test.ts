import assert from "node:assert/strict";
import { FrontMatterError, parseFrontMatter } from "../../../src/domain/front-matter";
import { aliasBombFrontMatter } from "../import/hostile-files";

describe("front matter", () => {
  it("reads YAML front matter as plain values (dates stay text) and the content after it", () => {
    const parsed = parseFrontMatter('\ufeff---\nkey: travel\nversion: "2.1"\neffectiveDate: 2025-10-01\n---\n## 1. Scope\n');
    assert.deepEqual(parsed, { data: { key: "travel", version: "2.1", effectiveDate: "2025-10-01" }, content: "## 1. Scope\n" });
    assert.deepEqual(parseFrontMatter("--- yaml\nkey: x\n---\nbody"), { data: { key: "x" }, content: "body" });
    assert.deepEqual(parseFrontMatter("# Title\n---\nkey: x\n---\n"), { data: {}, content: "# Title\n---\nkey: x\n---\n" });
    assert.deepEqual(parseFrontMatter("----\nrule"), { data: {}, content: "----\nrule" });
  });

  it("refuses every other engine at line 1 without evaluating it", () => {
    const global = globalThis as { frontMatterRan?: boolean };
    for (const opening of ["---js", "---javascript", "--- coffee", "---custom", "---JS"]) {
      const source = `${opening}\n(function () { globalThis.frontMatterRan = true; return { key: "x" }; })()\n---\nbody`;
      assert.throws(
        () => parseFrontMatter(source),
        (error: unknown) =>
          error instanceof FrontMatterError && error.line === 1 && error.message.includes('only YAML front matter ("---") is allowed'),
        opening,
      );
    }
    assert.equal(global.frontMatterRan, undefined);
  });

  it("refuses an alias bomb, an oversized or unclosed block, YAML tags that build objects, and a block that is not a mapping", () => {
    assert.equal(Buffer.byteLength(aliasBombFrontMatter()), 706);
    const refusal = (source: string) => {
      try {
        parseFrontMatter(source);
      } catch (error) {
        assert.ok(error instanceof FrontMatterError);
        return `${error.line}: ${error.message}`;
      }
      return "read";
    };
    assert.equal(
      refusal(`${aliasBombFrontMatter()}## 1. Scope\nText.\n`),
      "1: front matter is not valid YAML: too many YAML aliases (an alias bomb?)",
    );
    assert.equal(refusal(`---\nnote: ${"x".repeat(20_000)}\n---\n`), "1: front matter is larger than 16 KB");
    assert.equal(refusal(`---\n${"note: x\n".repeat(50_000)}`), "1: front matter is larger than 16 KB");
    assert.equal(refusal("---\nkey: x\n"), '1: front matter has no closing "---" line');
    assert.match(
      refusal("---\nkey: !!js/function 'function () {}'\n---\n"),
      /^2: front matter is not valid YAML: Unresolved tag: tag:yaml.org,2002:js\/function/,
    );
    assert.equal(refusal("---\n- a\n- b\n---\n"), "1: front matter is not a list of `name: value` lines");
    assert.match(refusal("---\nkey: x\nkey: [\n---\n"), /^\d+: front matter is not valid YAML: /);
  });
});
