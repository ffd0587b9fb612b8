import assert from "node:assert/strict";
import { readCriteria } from "../../../../src/eval/judge/criteria";
import { ruleGranularity } from "../../../../src/eval/judge/granularity-analyzer";
import { invalidEvidence } from "../../../../src/eval/judge/judge-evaluator";
import path from "node:path";

describe("JudgeEvaluator evidence validation", () => {
  const mapping = { "Phase A": [1, 2, 3], "Phase B": [4, 5] };
  it("accepts units and step ids from the mapping", () => {
    assert.deepEqual(invalidEvidence({ units: ["Phase B"], step_ids: [1, 5] }, mapping), { units: [], step_ids: [] });
  });
  it("lists units and step ids that are not in the mapping", () => {
    assert.deepEqual(invalidEvidence({ units: ["Phase C", "Phase A"], step_ids: [3, 6, 0] }, mapping), { units: ["Phase C"], step_ids: [6, 0] });
  });
});

describe("criteria and granularity rules", () => {
  const criteria = readCriteria(path.join(__dirname, "../../../../prompts/judge/criteria.yaml"));
  it("ships the five procurement criteria, some with a fixed level", () => {
    assert.deepEqual(criteria.map((criterion) => [criterion.name, criterion.granularity]), [
      ["Routing relevance", "phase_level"],
      ["Evidence grounding", undefined],
      ["Policy compliance", undefined],
      ["Actionability", "global_summary"],
      ["No invented figures", "step_level"],
    ]);
  });
  it("falls back to keyword rules", () => {
    assert.equal(ruleGranularity({ name: "Hallucination", description: "No hallucinated facts in any step" }).granularity, "step_level");
    assert.equal(ruleGranularity({ name: "Cost efficiency", description: "The overall strategy keeps cost low" }).granularity, "global_summary");
    assert.equal(ruleGranularity({ name: "Exploration", description: "Each sub-task is explored sensibly" }).granularity, "phase_level");
    const none = ruleGranularity({ name: "Politeness", description: "Is polite" });
    assert.deepEqual([none.granularity, none.source], ["phase_level", "rule"]);
  });
  it("rejects a criteria file with an unknown granularity, naming the field", () => {
    const file = path.join(__dirname, "../../../fixtures/eval/bad-criteria.yaml");
    assert.throws(() => readCriteria(file), /bad-criteria\.yaml: criteria\.0\.granularity/);
  });
});
