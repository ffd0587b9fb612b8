import assert from "node:assert/strict";
import path from "node:path";
import { testConfig } from "../../fakes/test-config";
import { confusionTable, readGroundingQuestions, runGroundingSet, summariseGrounding } from "../../../src/eval/grounding";
import { groundingDataSets } from "../../../src/cli/grounding-data-sets";
import { groundingVariants } from "../../../src/eval/grounding-variants";

describe("grounding set (offline, whole workflow, sample data and an imported vendor master)", function () {
  this.timeout(120_000);

  it("resolves at least 95% of the names, never widens a question to all suppliers and states no wrong figure", async () => {
    const dataSets = await groundingDataSets(
      testConfig({ LLM_PROVIDER: "offline" }),
      path.resolve(__dirname, "../../fixtures/import/vendors"),
    );
    // Beside the written questions, ones made from the data's own names (kana, kanji, romaji, shortened).
    const variants = [
      ...groundingVariants(dataSets.sample.suppliers, "sample"),
      ...groundingVariants(dataSets.imported.suppliers, "imported"),
    ];
    assert.ok(variants.length >= 40, `${variants.length} generated questions`);
    const questions = [...readGroundingQuestions(path.resolve(__dirname, "../../fixtures/grounding/questions.json")), ...variants];
    assert.ok(questions.length >= 120);
    assert.deepEqual([...new Set(questions.map((q) => q.language))].sort(), ["en", "ja"]);
    assert.deepEqual([...new Set(questions.map((q) => q.expect.outcome))].sort(), ["ask_back", "not_found", "supplier"]);
    const results = await runGroundingSet(questions, dataSets);
    const summary = summariseGrounding(results);
    const misses = results.filter((r) => !r.resolved || !r.figureRight).map((r) => `${r.id}: ${r.problems.join("; ")}`);
    assert.equal(summary.widened, 0, misses.join("\n"));
    assert.equal(summary.wrongFigures, 0, misses.join("\n"));
    assert.ok(summary.resolutionRate >= 0.95, `${confusionTable(summary)}\n${misses.join("\n")}`);
  });

  it("counts a widened answer as a miss: the scorer is not a rubber stamp", async () => {
    const dataSets = await groundingDataSets(
      testConfig({ LLM_PROVIDER: "offline" }),
      path.resolve(__dirname, "../../fixtures/import/vendors"),
    );
    const [result] = await runGroundingSet(
      [
        {
          id: "all",
          dataSet: "imported",
          language: "en",
          question: "How much did we spend in FY2025?",
          fiscalYear: "FY2025",
          expect: { outcome: "not_found" },
        },
      ],
      dataSets,
    );
    assert.equal(result.observed, "widened");
    assert.deepEqual(result.problems, ["states the all-suppliers total ¥7,100,000", "expected not_found, got widened"]);
  });
});
