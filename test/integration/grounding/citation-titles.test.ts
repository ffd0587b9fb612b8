/**
 * A source about a supplier names the supplier, not its id: through the whole agent graph with the
 * offline engine on the sample data, the answer card's citations read "Spend Acme Cloud Software …",
 * never "Spend SUP-001 …" or 「支出 SUP-033」, in English and in Japanese.
 */
import assert from "node:assert/strict";
import { answerViewFromRun, citationsFromAnswer } from "../../../src/cards";
import { sampleData } from "../../fakes/workflow-harness";
import { ask } from "./offline-answers";

/** The titles of the sources the answer card lists, in the question's language. */
async function citationTitles(question: string): Promise<string[]> {
  const view = answerViewFromRun(await ask(sampleData, question), {}, { threshold: 80 });
  return citationsFromAnswer(view, view.language).map((citation) => citation.title);
}

describe("citation titles name suppliers by name (offline engine, sample data)", () => {
  it("English: a spend source about a supplier names it", async () => {
    const titles = await citationTitles("How much did we spend with Acme Cloud Software in FY2025?");
    assert.ok(
      titles.some((title) => /^Spend Acme Cloud Software\b/.test(title)),
      titles.join(" | "),
    );
    assert.ok(
      titles.every((title) => !/\bSUP-\d+/.test(title)),
      titles.join(" | "),
    );
  });

  it("Japanese: a supplier's profile and spend sources name it, never its id", async () => {
    const titles = await citationTitles("取引先A社は安全な取引先ですか？");
    assert.ok(titles.length > 0, "the answer cites sources");
    assert.ok(
      titles.every((title) => !/SUP-\d+/.test(title)),
      titles.join(" | "),
    );
    assert.ok(
      titles.some((title) => /^(サプライヤー|支出) /.test(title)),
      titles.join(" | "),
    );
  });
});
