import assert from "node:assert/strict";
import path from "node:path";
import { encodeSteps, readHistoryLogs } from "../../../../src/eval/judge/judge-step";
import { aggregatePhaseLevel, aggregateStepLevel } from "../../../../src/eval/judge/step-aggregator";
import type { TaskDecomposition } from "../../../../src/eval/judge/task-decomposer";
import { estimateTokens } from "../../../../src/eval/judge/judge-run";

const [milk] = readHistoryLogs(path.join(__dirname, "../../../fixtures/history_logs"));

describe("StepAggregator", () => {
  it("STEP_LEVEL: one encoded line per step with its memory, each mapped to its own id, no metadata", () => {
    const aggregated = aggregateStepLevel(milk.steps);
    assert.deepEqual(Object.keys(aggregated), ["granularity", "aggregated_content", "step_mapping", "summary_metadata"]);
    assert.equal(aggregated.granularity, "step_level");
    const lines = aggregated.aggregated_content.split("\n");
    assert.equal(lines.length, 7);
    assert.equal(
      lines[0],
      "Step 1: [The user wants the cheapest milk on the shop site. I should open the site first.] -> [go_to_url(https://shop.example/)] -> [Success - the shop home page loaded] | memory: [Task: buy the cheapest 1 l milk.]",
    );
    assert.equal(
      lines[6],
      'Step 7: [Item in cart; proceed to checkout and pay.] -> [done(text="Bought FarmFresh 1 l milk for 0.89")] -> [final: Finish] | memory: [Cart: FarmFresh 1 l.]',
    );
    assert.ok(!encodeSteps(milk.steps)[0].includes("memory"), "phase and global views summarise; only the step view carries memory");
    assert.deepEqual(aggregated.step_mapping, {
      "Step 1": [1],
      "Step 2": [2],
      "Step 3": [3],
      "Step 4": [4],
      "Step 5": [5],
      "Step 6": [6],
      "Step 7": [7],
    });
    assert.deepEqual(aggregated.summary_metadata, {});
  });

  it("PHASE_LEVEL: one summary line per phase with step ranges, mapping and cluster summaries", () => {
    const decomposition: TaskDecomposition = {
      source: "model",
      phases: [
        { label: "Phase A", title: "Search", steps: [1, 2, 3], summary: "User navigated to the shop and searched for milk." },
        { label: "Phase B", title: "Compare", steps: [4, 5, 6], summary: "User compared prices and selected the cheapest option." },
        { label: "Phase C", title: "Buy", steps: [7], summary: "User checked out." },
      ],
    };
    const aggregated = aggregatePhaseLevel(decomposition);
    assert.deepEqual(aggregated, {
      granularity: "phase_level",
      aggregated_content:
        "Phase A (Steps 1-3): User navigated to the shop and searched for milk.\nPhase B (Steps 4-6): User compared prices and selected the cheapest option.\nPhase C (Step 7): User checked out.",
      step_mapping: { "Phase A": [1, 2, 3], "Phase B": [4, 5, 6], "Phase C": [7] },
      summary_metadata: {
        cluster_summaries: {
          cluster_1: "User navigated to the shop and searched for milk.",
          cluster_2: "User compared prices and selected the cheapest option.",
          cluster_3: "User checked out.",
        },
      },
    });
  });

  it("clips long fields to one line", () => {
    const [line] = encodeSteps([{ ...milk.steps[0], thinking: `${"x".repeat(300)}\n\nmore` }]);
    assert.match(line, /^Step 1: \[x{159}…\] -> /);
  });

  it("estimates tokens: a quarter per Latin character, one per CJK character", () => {
    assert.equal(estimateTokens("abcdefgh"), 2);
    assert.equal(estimateTokens("取引先A社"), 5);
    assert.equal(estimateTokens(""), 0);
  });
});
