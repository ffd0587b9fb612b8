import assert from "node:assert/strict";
import type { ModeratorAnswer, RouterDecision } from "../../../src/domain";
import { approvalReasonsBeforeModeration, hitlReasons } from "../../../src/workflow/steps/approval-check";
import { asksToCommit } from "../../../src/workflow/steps/commit-intent";
import { needsRequery, requeryTargets } from "../../../src/workflow/steps/quality-gate";

const decision: RouterDecision = {
  selected: ["negotiation", "contract", "spend"],
  debateMode: "independent",
  evidenceNeed: "high",
  hitl: false,
  inScope: true,
  scopeReason: "procurement",
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
const policy = { hitlAmountThreshold: 10_000_000, hitlCategories: ["consulting"] };

describe("HITL reasons", () => {
  it("is empty for an information request below every threshold", () => {
    assert.deepEqual(hitlReasons("How much did we spend on travel?", "en", decision, answer, [], policy), []);
  });

  it("names the router, the amount rule (both known before moderation) and the moderator", () => {
    const reasons = hitlReasons(
      "Can we sign a ¥12,000,000 order?",
      "en",
      { ...decision, hitl: true, inScope: true, scopeReason: "procurement", reason: "commits spend" },
      { ...answer, hitl: true, hitlReason: "exceeds cap" },
      [],
      policy,
    );
    assert.equal(reasons.length, 3);
    assert.match(reasons[0], /^router: commits spend/);
    assert.match(reasons[1], /¥12,000,000 is at or above the approval threshold ¥10,000,000/);
    assert.match(reasons[2], /^moderator: exceeds cap/);
  });

  it("gives the reasons in Japanese for a Japanese question", () => {
    const reasons = hitlReasons(
      "5千万円のソフトウェアを購入したい",
      "ja",
      { ...decision, hitl: true, inScope: true, scopeReason: "procurement", reason: "高額の購入" },
      { ...answer, hitl: true },
      [],
      policy,
    );
    assert.deepEqual(reasons, [
      "ルーター: 高額の購入",
      "規程: 金額¥50,000,000は承認基準額¥10,000,000以上です",
      "モデレーター: 回答は会社としての約束を含みます",
    ]);
  });

  it("converts foreign currencies before comparing with the JPY threshold, at the configured rates", () => {
    assert.equal(hitlReasons("Approve a $100k purchase?", "en", decision, answer, [], policy).length, 1);
    assert.equal(hitlReasons("Approve a $10k purchase?", "en", decision, answer, [], policy).length, 0);
    assert.equal(
      hitlReasons("Approve a $10k purchase?", "en", decision, answer, [], { ...policy, jpyRates: { JPY: 1, USD: 1000, EUR: 1000 } }).length,
      1,
    );
  });

  it("reads every common way of writing the amount", () => {
    for (const question of [
      "We want to buy software for 5千万円",
      "We want to buy software for ¥50 000 000",
      "We want to buy software for fifty million yen",
      "We want to buy software for 50 mil JPY",
      "We want to buy software for 5e7 yen",
    ])
      assert.equal(hitlReasons(question, "en", decision, answer, [], policy).length, 1, question);
  });

  it("applies the amount and category rules only to questions that ask to commit, never to questions about rules or data", () => {
    for (const question of [
      "Who must approve a purchase order of ¥12,000,000?",
      "1,200万円の発注の承認者は？",
      "What is the rule for consulting above ¥50M?",
      "How much did we spend on consulting, ¥20M or more?",
    ])
      assert.deepEqual(hitlReasons(question, question.includes("承認者") ? "ja" : "en", decision, answer, [], policy), [], question);
    for (const question of [
      "Buy 50 laptops for ¥12,000,000",
      "Please approve this ¥12,000,000 order",
      "取引先A社と1.2億円の契約を締結してよいか",
    ])
      assert.equal(hitlReasons(question, "en", decision, answer, [], policy).length, 1, question);
  });

  it("still asks for approval when the Router or the Moderator says so, whatever the question", () => {
    const reasons = hitlReasons(
      "Who must approve a purchase order of ¥12,000,000?",
      "en",
      decision,
      { ...answer, hitl: true, hitlReason: "sole-source exception" },
      [],
      policy,
    );
    assert.deepEqual(reasons, ["moderator: sole-source exception"]);
  });

  it("fires a configured category found in the evidence", () => {
    const reasons = hitlReasons(
      "We want to extend the advisory engagement",
      "en",
      decision,
      answer,
      [
        {
          specialist: "contract",
          status: "ok",
          summary: "s",
          details: "",
          confidence: 1,
          toolCalls: [],
          evidence: [{ source: "contract", referenceId: "CTR-1", quote: "Consulting services SOW" }],
        },
      ],
      policy,
    );
    assert.deepEqual(reasons, ["policy: category 'consulting' requires approval"]);
  });
});

describe("approval reasons settled before moderation", () => {
  it("holds the Router's hitl and the amount rule, never the Moderator's (not written yet)", () => {
    const routed = { ...decision, hitl: true, inScope: true, scopeReason: "procurement", reason: "commits spend" };
    assert.deepEqual(approvalReasonsBeforeModeration("How much did we spend on travel?", "en", decision, [], policy), []);
    assert.deepEqual(approvalReasonsBeforeModeration("How much did we spend on travel?", "en", routed, [], policy), [
      "router: commits spend",
    ]);
    assert.deepEqual(approvalReasonsBeforeModeration("We want to order ¥12,000,000 of laptops", "en", decision, [], policy), [
      "policy: amount ¥12,000,000 is at or above the approval threshold ¥10,000,000",
    ]);
  });
});

describe("asksToCommit", () => {
  const cases: [string, boolean][] = [
    ["Who must approve a purchase order of ¥12,000,000?", false],
    ["What is the approval threshold for software?", false],
    ["How do I buy a laptop?", false],
    ["Is ¥12M above the CPO threshold?", false],
    ["PO of ¥12M for laptops", false],
    ["1,200万円の発注の承認者は？", false],
    ["ソフトウェア購入の規程を教えて", false],
    ["取引先A社の支出推移は？", false],
    ["5千万円のソフトウェアを購入したい", true],
    ["取引先A社と1.2億円の契約を締結してよいか", true],
    ["ノートPCを50台発注します", true],
    ["承認してください：1,500万円のPC購入", true],
    ["Can we renew the Acme SaaS contract at +8%?", true],
    ["We want to order ¥12,000,000 of laptops", true],
    ["I need to pay the ¥15M invoice from Asahi today", true],
    ["Should we award the ¥30M tender to Asahi?", true],
    ["Sign the ¥12M order with Acme", true],
    ["Please approve this purchase", true],
  ];
  for (const [question, expected] of cases)
    it(`${expected ? "commits" : "asks"}: ${question}`, () => assert.equal(asksToCommit(question), expected));
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
