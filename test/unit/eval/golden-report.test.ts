import assert from "node:assert/strict";
import { goldenRow, renderGoldenReport } from "../../../src/eval/golden-report";

describe("golden report", () => {
  it("notes each model's score when several disagree, and a tool-call warning first", () => {
    const row = goldenRow({
      id: "c1",
      metric: "agent-goal-accuracy",
      score: 0.5,
      reason: "mean of 2/2 models (models disagree): a=1, b=0",
      models: {
        perModel: [
          { model: "a", score: 1 },
          { model: "b", score: 0 },
        ],
        disagreement: true,
      },
    });
    assert.deepEqual(row, { id: "c1", metric: "agent-goal-accuracy", score: 0.5, status: "fail", note: "a=1, b=0 (models disagree)" });
    const warned = goldenRow({
      id: "c2",
      metric: "tool-call-accuracy",
      score: 1,
      reason: "1 of 1 matched",
      warning: "toolCalls and messages disagree",
    });
    assert.equal(warned.note, "WARNING toolCalls and messages disagree; 1 of 1 matched");
  });

  it("a result with no score fails with its reason; the closing line counts rows", () => {
    const rows = [
      goldenRow({
        id: "c1",
        metric: "topic-adherence",
        score: null,
        scorable: false,
        reason: "topic extraction failed (timeout): no reply",
      }),
      goldenRow({ id: "c1", metric: "tool-call-accuracy", score: 0.8, reason: "ok" }),
      goldenRow({ id: "c2", metric: "agent-goal-accuracy", skipped: "skipped: no evaluation model configured" }),
    ];
    const report = renderGoldenReport(rows);
    assert.match(report[2], /^c1\s+topic-adherence\s+n\/a\s+FAIL\s+topic extraction failed \(timeout\): no reply$/);
    assert.ok(report.includes("skipped agent-goal-accuracy for 1 case: skipped: no evaluation model configured"));
    assert.equal(report.at(-1), "1 passed, 1 failed, 1 skipped");
  });
});
