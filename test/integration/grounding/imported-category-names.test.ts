/**
 * An imported data set names its categories in Japanese (suppliers.csv's `categoryNameJa`): a Japanese
 * question is answered with that name, never with the category id as a word, and a category the data
 * set gives no Japanese name is marked as a category rather than left as a bare id.
 */
import assert from "node:assert/strict";
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
});
