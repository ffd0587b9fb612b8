import assert from "node:assert/strict";
import type { ModeratorAnswer, RouterDecision } from "../../../src/domain";
import { hitlReasons } from "../../../src/workflow/steps/approval-check";
import { needsRequery, requeryTargets } from "../../../src/workflow/steps/quality-gate";

const decision: RouterDecision = {
  selected: ["contract", "negotiation", "spend"],
  priority: ["negotiation", "contract", "spend"],
  debateMode: "independent",
  evidenceNeed: "high",
  hitl: false,
  reason: "price question",
  fallback: false,
};
const answer: ModeratorAnswer = {
  conclusion: "c",
  rationale: [],
  findings: [],
  nextActions: [],
  qscore: 85,
  hitl: false,
  hitlReason: "",
  critique: "",
};
const policy = { amountThresholdJpy: 10_000_000, categories: ["consulting"] };

describe("HITL reasons", () => {
  it("is empty for an information request below every threshold", () => {
    assert.deepEqual(hitlReasons("How much did we spend on travel?", decision, answer, [], policy), []);
  });

  it("names the router, the moderator and the amount rule", () => {
    const reasons = hitlReasons(
      "Can we sign a ¥12,000,000 order?",
      { ...decision, hitl: true, reason: "commits spend" },
      { ...answer, hitl: true, hitlReason: "exceeds cap" },
      [],
      policy,
    );
    assert.equal(reasons.length, 3);
    assert.match(reasons[0]!, /^router: commits spend/);
    assert.match(reasons[1]!, /^moderator: exceeds cap/);
    assert.match(reasons[2]!, /¥12,000,000 is at or above the approval threshold ¥10,000,000/);
  });

  it("converts foreign currencies before comparing with the JPY threshold", () => {
    assert.equal(hitlReasons("Approve a $100k purchase?", decision, answer, [], policy).length, 1);
    assert.equal(hitlReasons("Approve a $10k purchase?", decision, answer, [], policy).length, 0);
  });

  it("fires a configured category found in the evidence", () => {
    const reasons = hitlReasons("Extend the advisory engagement?", decision, answer, [
      { specialist: "contract", status: "ok", summary: "s", details: "", confidence: 1, toolCalls: [], evidence: [{ source: "contract", referenceId: "CTR-1", quote: "Consulting services SOW" }] },
    ], policy);
    assert.deepEqual(reasons, ["policy: category 'consulting' requires approval"]);
  });
});

describe("quality gate", () => {
  it("re-asks below the threshold, once", () => {
    assert.equal(needsRequery({ ...answer, qscore: 79 }, 80, false), true);
    assert.equal(needsRequery({ ...answer, qscore: 80 }, 80, false), false);
    assert.equal(needsRequery({ ...answer, qscore: 10 }, 80, true), false);
  });

  it("re-asks the top-priority specialists", () => {
    assert.deepEqual(requeryTargets(decision, 2), ["negotiation", "contract"]);
    assert.deepEqual(requeryTargets(decision, 1), ["negotiation"]);
  });
});
