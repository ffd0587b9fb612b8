import assert from "node:assert/strict";
import { readCriteria, ruleGranularity } from "../../../../src/eval/judge/criteria";
import { combineVerdicts, invalidEvidence, type ModelVerdict } from "../../../../src/eval/judge/judge-run";
import path from "node:path";

describe("JudgeEvaluator evidence validation", () => {
  const mapping = { "Phase A": [1, 2, 3], "Phase B": [4, 5] };
  it("accepts units and step ids from the mapping", () => {
    assert.deepEqual(invalidEvidence({ units: ["Phase B"], step_ids: [1, 5] }, mapping), { units: [], step_ids: [] });
  });
  it("lists units and step ids that are not in the mapping", () => {
    assert.deepEqual(invalidEvidence({ units: ["Phase C", "Phase A"], step_ids: [3, 6, 0] }, mapping), {
      units: ["Phase C"],
      step_ids: [6, 0],
    });
  });
});

describe("JudgeEvaluator across several models", () => {
  const verdict = (model: string, value: ModelVerdict["verdict"], confidence: number, step: number): ModelVerdict => ({
    model,
    verdict: value,
    reasoning: `${model} says ${value}`,
    confidence_score: confidence,
    evidence: { units: [`Step ${step}`], step_ids: [step] },
  });
  const failedCall = (model: string): ModelVerdict => ({
    ...verdict(model, "UNSURE", 0, 1),
    evidence: { units: [], step_ids: [] },
    error: { kind: "timeout", cause: "no reply" },
  });

  it("a tie is UNSURE, with the mean confidence and both sides' evidence", () => {
    const combined = combineVerdicts([verdict("a", "PASS", 0.8, 1), verdict("b", "FAIL", 0.6, 2)]);
    assert.equal(combined.verdict, "UNSURE");
    assert.ok(Math.abs(combined.confidence_score - 0.7) < 1e-9);
    assert.match(combined.reasoning, /^tie between PASS and FAIL \(a=PASS, b=FAIL\), so UNSURE/);
    assert.deepEqual(combined.evidence.step_ids, [1, 2]);
    assert.equal(combined.models!.disagreement, true);
  });

  it("a model whose call failed does not vote, and the others' verdict stands, flagged as a disagreement", () => {
    const combined = combineVerdicts([verdict("a", "PASS", 0.9, 3), failedCall("b")]);
    assert.deepEqual([combined.verdict, combined.confidence_score, combined.error], ["PASS", 0.9, undefined]);
    assert.match(combined.reasoning, /^PASS by 1 of 2 models \(models disagree: a=PASS, b=failed \(timeout\)\)/);
    assert.equal(combined.models!.disagreement, true);
  });

  it("all calls failed: UNSURE, confidence 0, the error kept", () => {
    const combined = combineVerdicts([failedCall("a"), failedCall("b")]);
    assert.deepEqual(
      [combined.verdict, combined.confidence_score, combined.error?.kind, "model" in combined],
      ["UNSURE", 0, "timeout", false],
    );
  });

  it("one model: its own verdict, no breakdown", () => {
    assert.deepEqual(combineVerdicts([verdict("a", "FAIL", 0.7, 2)]), {
      verdict: "FAIL",
      reasoning: "a says FAIL",
      confidence_score: 0.7,
      evidence: { units: ["Step 2"], step_ids: [2] },
    });
  });
});

describe("criteria and granularity rules", () => {
  const criteria = readCriteria(path.join(__dirname, "../../../../prompts/judge/criteria.yaml"));
  it("ships the five procurement criteria, some with a fixed level", () => {
    assert.deepEqual(
      criteria.map((criterion) => [criterion.name, criterion.granularity]),
      [
        ["Routing relevance", "phase_level"],
        ["Evidence grounding", undefined],
        ["Policy compliance", undefined],
        ["Actionability", "global_summary"],
        ["No invented figures", "step_level"],
      ],
    );
  });
  it("falls back to keyword rules", () => {
    assert.equal(ruleGranularity({ name: "Hallucination", description: "No hallucinated facts in any step" }).granularity, "step_level");
    assert.equal(
      ruleGranularity({ name: "Cost efficiency", description: "The overall strategy keeps cost low" }).granularity,
      "global_summary",
    );
    assert.equal(ruleGranularity({ name: "Exploration", description: "Each sub-task is explored sensibly" }).granularity, "phase_level");
    const none = ruleGranularity({ name: "Politeness", description: "Is polite" });
    assert.deepEqual([none.granularity, none.source], ["phase_level", "rule"]);
  });
  it("rejects a criteria file with an unknown granularity, naming the field", () => {
    const file = path.join(__dirname, "../../../fixtures/eval/bad-criteria.yaml");
    assert.throws(() => readCriteria(file), /bad-criteria\.yaml: criteria\.0\.granularity/);
  });
});
