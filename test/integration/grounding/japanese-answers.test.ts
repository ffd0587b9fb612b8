import assert from "node:assert/strict";
import { citationsFromAnswer } from "../../../src/cards/citations";
import { answerViewFromRun } from "../../../src/cards/view-models";
import { createInMemoryProcurementData, generateSampleDataSet } from "../../../src/tools";
import { answerText, ask } from "./offline-answers";

const sampleData = createInMemoryProcurementData(generateSampleDataSet());

describe("Japanese answers read as Japanese", function () {
  this.timeout(60_000);

  for (const question of ["Hayabusa Logisticsのリスク評価は？", "はやぶさの2025年度の支出は？"]) {
    it(`「${question}」 names the supplier by its Japanese name, leaves ids to the citations and writes periods as 年度`, async () => {
      const state = await ask(sampleData, question);
      const text = answerText(state);
      assert.match(text, /はやぶさ物流/);
      assert.doesNotMatch(text, /Hayabusa Logistics Co\., Ltd\./);
      assert.doesNotMatch(text, /SUP-014/);
      const view = answerViewFromRun(state, {}, { threshold: 80 });
      const titles = citationsFromAnswer(view, "ja").map((citation) => citation.title);
      assert.ok(titles.length > 0);
      assert.ok(
        titles.every((title) => !/FY\d{4}|Hayabusa/.test(title)),
        titles.join(" | "),
      );
    });
  }
});
