import assert from "node:assert/strict";
import path from "node:path";
import {
  aggregatePhaseLevel,
  aggregateStepLevel,
  encodeSteps,
  fallbackDecomposition,
  partitionProblem,
  phaseLabel,
  readHistoryLogs,
  FALLBACK_PHASE_SIZE,
  type JudgeStep,
  type TaskDecomposition,
} from "../../../../src/eval/judge/judge-step";
import { estimateTokens } from "../../../../src/domain";

const [milk] = readHistoryLogs(path.join(__dirname, "../../../fixtures/history_logs"));
const ids = [1, 2, 3, 4, 5, 6, 7];

describe("TaskDecomposer", () => {
  it("reads the history log format", () => {
    assert.equal(milk.id, "buy-milk");
    assert.deepEqual(
      milk.steps.map((step) => step.step),
      ids,
    );
    assert.equal(milk.steps[1].action, 'input_text(index=4, text="milk 1l")');
  });

  describe("contiguity validation", () => {
    it("accepts phases that partition the steps in order", () => {
      assert.equal(
        partitionProblem(
          [
            { firstStep: 1, lastStep: 3 },
            { firstStep: 4, lastStep: 6 },
            { firstStep: 7, lastStep: 7 },
          ],
          ids,
        ),
        null,
      );
    });
    it("rejects a gap", () => {
      assert.match(
        partitionProblem(
          [
            { firstStep: 1, lastStep: 3 },
            { firstStep: 5, lastStep: 7 },
          ],
          ids,
        )!,
        /phase 2 starts at step 5 but step 4 is next/,
      );
    });
    it("rejects an overlap", () => {
      assert.match(
        partitionProblem(
          [
            { firstStep: 1, lastStep: 4 },
            { firstStep: 4, lastStep: 7 },
          ],
          ids,
        )!,
        /phase 2 starts at step 4 but step 5 is next/,
      );
    });
    it("rejects phases out of order", () => {
      assert.match(
        partitionProblem(
          [
            { firstStep: 4, lastStep: 7 },
            { firstStep: 1, lastStep: 3 },
          ],
          ids,
        )!,
        /phase 1 starts at step 4 but step 1 is next/,
      );
    });
    it("rejects uncovered trailing steps", () => {
      assert.equal(partitionProblem([{ firstStep: 1, lastStep: 5 }], ids), "steps 6..7 are in no phase");
    });
    it("rejects a reversed range and an unknown step", () => {
      assert.match(partitionProblem([{ firstStep: 1, lastStep: 0 }], ids)!, /not in the run/);
      assert.match(
        partitionProblem(
          [
            { firstStep: 1, lastStep: 3 },
            { firstStep: 4, lastStep: 3 },
          ],
          ids,
        )!,
        /ends \(step 3\) before it starts \(step 4\)/,
      );
    });
  });

  describe("deterministic fallback", () => {
    it("groups contiguous steps by executor phase", () => {
      const step = (id: number, phase: string): JudgeStep => ({
        step: id,
        thinking: "",
        memory: "",
        action: `a${id}`,
        next_goal: `g${id}`,
        evaluation_previous_goal: "",
        phase,
      });
      const steps = [
        step(1, "route"),
        step(2, "investigate"),
        step(3, "investigate"),
        step(4, "moderate"),
        step(5, "reinvestigate"),
        step(6, "moderate"),
      ];
      const decomposition = fallbackDecomposition(steps, "test");
      assert.equal(decomposition.source, "fallback");
      assert.equal(decomposition.note, "test");
      assert.deepEqual(
        decomposition.phases.map((phase) => [phase.label, phase.title, phase.steps]),
        [
          ["Phase A", "route", [1]],
          ["Phase B", "investigate", [2, 3]],
          ["Phase C", "moderate", [4]],
          ["Phase D", "reinvestigate", [5]],
          ["Phase E", "moderate", [6]],
        ],
      );
      assert.equal(decomposition.phases[1].summary, "a2; a3");
    });
    it("cuts a log without phases into fixed-size contiguous groups", () => {
      const decomposition = fallbackDecomposition(milk.steps, "no model");
      assert.equal(FALLBACK_PHASE_SIZE, 5);
      assert.deepEqual(
        decomposition.phases.map((phase) => phase.steps),
        [
          [1, 2, 3, 4, 5],
          [6, 7],
        ],
      );
      assert.equal(
        partitionProblem(
          decomposition.phases.map((phase) => ({ firstStep: phase.steps[0], lastStep: phase.steps.at(-1)! })),
          ids,
        ),
        null,
      );
    });
  });

  it("labels phases A..Z then AA", () => {
    assert.deepEqual([0, 1, 25, 26, 27].map(phaseLabel), ["Phase A", "Phase B", "Phase Z", "Phase AA", "Phase AB"]);
  });
});

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
