import assert from "node:assert/strict";
import path from "node:path";
import { readHistoryLogs, type JudgeStep } from "../../../../src/eval/judge/judge-step";
import { fallbackDecomposition, partitionProblem, phaseLabel, FALLBACK_PHASE_SIZE } from "../../../../src/eval/judge/task-decomposer";

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
