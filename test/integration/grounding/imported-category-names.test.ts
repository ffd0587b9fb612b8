/**
 * An imported data set names its categories in Japanese (suppliers.csv's `categoryNameJa`): a Japanese
 * question is answered with that name, never with the category id as a word, and a category the data
 * set gives no Japanese name is marked as a category rather than left as a bare id. The answer card's
 * citation titles and its follow-up buttons name the category the same way, in Japanese and English.
 */
import assert from "node:assert/strict";
import type { RunState } from "../../../src/domain";
import { answerViewFromRun, citationsFromAnswer } from "../../../src/cards";
import { suggestFollowUps } from "../../../src/workflow/follow-up-suggestions";
import { LocalDataStore, openLocalProcurementData } from "../../../src/storage/local-data-store";
import type { ProcurementData } from "../../../src/tools/procurement-data";
import { importFixture, temporaryDataDirectory } from "../../unit/import/import-fixture";
import { answerText, ask } from "./offline-answers";

describe("Japanese category names from an imported data set (offline engine)", () => {
  let data: ProcurementData;
  before(async () => {
    const directory = temporaryDataDirectory();
    await importFixture(new LocalDataStore(directory), "categories-ja");
    data = (await openLocalProcurementData(directory))!;
  });

  it("keeps the imported Japanese name with the supplier", async () => {
    assert.equal((await data.getSupplier("V-701"))?.categoryNameJa, "車両管理");
    assert.ok(!("categoryNameJa" in (await data.getSupplier("V-810"))!), "an empty cell is no name");
  });

  it("answers a Japanese spend question about the category with its Japanese name and figure", async () => {
    const text = answerText(await ask(data, "車両管理の2025年度の支出は？"));
    assert.match(text, /車両管理/);
    assert.match(text, /¥2,750,000/);
    assert.doesNotMatch(text, /fleet[- ]ops/i, text);
  });

  it("lists the category's suppliers under its Japanese name", async () => {
    const text = answerText(await ask(data, "車両管理の代替サプライヤーは？"));
    assert.match(text, /車両管理の候補サプライヤー: .*Kanto Fleet Services KK/);
    assert.doesNotMatch(text, /fleet[- ]ops/i, text);
  });

  it("marks a category without a Japanese name as a category, never a bare id", async () => {
    const text = answerText(await ask(data, "mroの2025年度の支出は？"));
    assert.match(text, /¥420,000/);
    assert.match(text, /カテゴリ「mro」/, text);
  });

  it("names the category in citation titles by its Japanese name, never its id", async () => {
    const titles = citationTitles(await ask(data, "fleet-opsの2025年度の支出は？"));
    assert.ok(titles.includes("支出 車両管理 2025年度"), titles.join(" | "));
    assert.ok(
      titles.every((title) => !title.includes("fleet-ops")),
      titles.join(" | "),
    );
  });

  it("names the category in English citation titles by its name as words, never its id", async () => {
    const titles = citationTitles(await ask(data, "How much did we spend on fleet-ops in FY2025?"));
    assert.ok(titles.includes("Spend fleet ops FY2025"), titles.join(" | "));
    assert.ok(
      titles.every((title) => !title.includes("fleet-ops")),
      titles.join(" | "),
    );
  });

  it("offers the category's alternatives under its Japanese name", async () => {
    const suggestions = suggestFollowUps(spendOnly(await ask(data, "fleet-opsの2025年度の支出は？")));
    assert.ok(suggestions.includes("車両管理の代替サプライヤーは？"), suggestions.join(" | "));
    assert.ok(
      suggestions.every((text) => !text.includes("fleet-ops")),
      suggestions.join(" | "),
    );
  });

  it("offers the category's alternatives in English by its name, never its id", async () => {
    const suggestions = suggestFollowUps(spendOnly(await ask(data, "How much did we spend on fleet-ops in FY2025?")));
    assert.ok(suggestions.includes("Which alternative suppliers are there for fleet ops?"), suggestions.join(" | "));
    assert.ok(
      suggestions.every((text) => !text.includes("fleet-ops")),
      suggestions.join(" | "),
    );
  });
});

/** The titles of the sources the answer card lists, in the question's language. */
function citationTitles(state: RunState): string[] {
  const view = answerViewFromRun(state, {}, { threshold: 80 });
  return citationsFromAnswer(view, view.language).map((citation) => citation.title);
}

/**
 * The run as if its specialists had only queried spend: the offline engine also lists the category's
 * suppliers, and a run that did is offered no "alternative suppliers" button.
 */
function spendOnly(state: RunState): RunState {
  return {
    ...state,
    findings: state.findings.map((finding) => ({
      ...finding,
      toolCalls: finding.toolCalls.filter((call) => call.name !== "listSuppliers"),
    })),
  };
}
