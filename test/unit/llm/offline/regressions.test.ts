import assert from "node:assert/strict";
import { buildQuestionVocabulary } from "../../../../src/tools/question/vocabulary";
import { extractQuestionEntities } from "../../../../src/tools/question/question-entities";
import { createInMemoryProcurementData, generateSampleDataSet } from "../../../../src/tools";

describe("offline engine regressions found by the golden set", () => {
  const dataSet = generateSampleDataSet();

  it("reads 'market price for packaging' as packaging, not marketing (stems collide)", async () => {
    const vocabulary = await buildQuestionVocabulary(createInMemoryProcurementData(dataSet));
    await vocabulary.contractIds.ready();
    const entities = extractQuestionEntities("What is the market price benchmark for packaging?", vocabulary, new Date("2026-11-21"));
    assert.equal(entities.categories[0], "packaging");
  });

  it("keeps benchmark units whole (units with commas were split by YAML flow mappings)", () => {
    const packaging = dataSet.benchmarks.find((b) => b.category === "packaging");
    assert.equal(packaging?.unit, "per 1,000 corrugated cartons (A-flute, 60-size)");
    for (const benchmark of dataSet.benchmarks) assert.doesNotMatch(benchmark.unit, /^per \d+$/, benchmark.category);
  });
});
