import assert from "node:assert/strict";
import { ModeratorOutputSchema, RATIONALE_POINT_CHARS, type Finding } from "../../../../src/domain";
import { EvidenceHandles } from "../../../../src/workflow/evidence-handles";
import { moderateOffline, qualityScore } from "../../../../src/llm/offline/moderator";
import type { ModeratorInput } from "../../../../src/domain";

type OkFinding = Extract<Finding, { status: "ok" }>;

const contract: OkFinding = {
  specialist: "contract",
  status: "ok",
  summary:
    "The requested +8% exceeds the 5% price-adjustment cap in CTR-0001, so it cannot be accepted as is. CTR-0001 ends on 2027-01-31.",
  details:
    "Next step: Ask the supplier to bring the increase within the 5% cap or document a justification for an exception [CTR-0001].\nsearchContracts: 1 contract",
  evidence: [
    { source: "contract", referenceId: "CTR-0001", quote: "Price increases are capped at 5% per year." },
    { source: "policy", referenceId: "POL-CONTRACT-PLAYBOOK §4", quote: "Increases above the cap need CPO approval." },
    { source: "contract", referenceId: "CTR-0003", quote: "Enterprise License and Support Agreement" },
  ],
  confidence: 0.85,
  toolCalls: [],
};
const negotiation: OkFinding = {
  specialist: "negotiation",
  status: "ok",
  summary: "+8% is above the market's typical 4% increase: push back. The benchmark median is ¥1,200 per seat.",
  details: "Next step: Ask the supplier to bring the increase within the 5% cap or document a justification for an exception [CTR-0001].",
  evidence: [{ source: "benchmark", referenceId: "BM-saas", quote: "median ¥1,200 per seat-month" }],
  confidence: 0.75,
  toolCalls: [],
};

function input(overrides: Partial<ModeratorInput> = {}): ModeratorInput {
  return {
    agent: "moderator",
    question: "Can we renew the Acme SaaS contract at +8%?",
    language: "en",
    decision: {
      selected: ["contract", "negotiation"],
      debateMode: "independent",
      evidenceNeed: "high",
      hitl: false,
      inScope: true,
      scopeReason: "procurement",
      reason: "",
      fallback: false,
    },
    findings: [negotiation, contract],
    failures: [],
    specialistNames: { contract: "Contract specialist", negotiation: "Negotiation strategist", spend: "Spend analyst" },
    ...overrides,
  };
}

describe("offline moderator", () => {
  it("cites each record by the handle it was shown beside, as the prompt asks a model to", () => {
    const handles = new EvidenceHandles();
    const answer = moderateOffline(input({ findings: handles.showFindings([contract, negotiation]) }));
    const cited = answer.rationale.flatMap((point) => point.citations);
    assert.ok(cited.length > 0);
    assert.ok(
      cited.every((c) => /^E\d+$/.test(c)),
      cited.join(", "),
    );
    assert.ok(handles.resolveShown(cited).includes("CTR-0001"), "the handles resolve to the findings' records");
  });

  it("writes each rationale point as a short claim a finding states, never the record's quote cut at the budget", () => {
    const quote =
      "Logistics Services Agreement — Hayabusa Logistics Co., Ltd., expired, ¥77,700,000/year, 2023-03-21 to 2026-03-20, no auto-renewal; renewal talks 90 days before end (by 2025-12-20), price increase cap 2.5% per year";
    const long: OkFinding = {
      ...contract,
      details: `CTR-0028 ended on 2026-03-20 and does not renew automatically; notice was 90 days (by 2025-12-20).\n${contract.details}`,
      evidence: [...contract.evidence, { source: "contract", referenceId: "CTR-0028", quote }],
    };
    const answer = ModeratorOutputSchema.parse(moderateOffline(input({ findings: [long] })));
    const points = answer.rationale.filter((r) => r.citations.includes("CTR-0028")).map((r) => r.point);
    assert.deepEqual(points, ["CTR-0028 ended on 2026-03-20 and does not renew automatically."]);
    for (const { point } of answer.rationale) {
      assert.ok(point.length <= RATIONALE_POINT_CHARS, point);
      assert.doesNotMatch(point, /…$/);
    }
    // A record no claim rests on is not cited for the sake of it (its quote would be all the point could say).
    assert.ok(!answer.rationale.some((r) => r.point === "Price increases are capped at 5% per year."));
  });

  it("concludes from the priority specialist, cites only existing references, and lists concrete next actions", () => {
    const answer = ModeratorOutputSchema.parse(moderateOffline(input()));
    assert.ok(answer.conclusion.startsWith("The requested +8% exceeds the 5% price-adjustment cap in CTR-0001"));
    assert.match(answer.conclusion, /The Negotiation strategist adds: \+8% is above the market's typical 4% increase: push back\./);
    const existing = new Set([...contract.evidence, ...negotiation.evidence].map((e) => e.referenceId));
    const citations = answer.rationale.flatMap((r) => r.citations);
    assert.deepEqual([...new Set(citations)].sort(), ["BM-saas", "CTR-0001"], "the records the conclusion rests on");
    for (const id of citations) assert.ok(existing.has(id), `cites unknown ${id}`);
    assert.deepEqual(answer.nextActions, [
      "Ask the supplier to bring the increase within the 5% cap or document a justification for an exception [CTR-0001].",
    ]);
    assert.equal("findings" in moderateOffline(input()), false, "the run takes the per-specialist summaries from the findings");
    assert.equal(answer.hitl, false);
    assert.ok(answer.qscore >= 80, `qscore ${answer.qscore}`);
    assert.equal(answer.critique, "Evidence covers the question.");
    assert.doesNotMatch(JSON.stringify(answer), /offline/i);
  });

  it("scores thin evidence below 80 and says what is missing; names failed specialists", () => {
    const thin: OkFinding = { ...contract, evidence: [contract.evidence[0]], confidence: 0.4 };
    const answer = moderateOffline(input({ findings: [thin], failures: [{ specialist: "negotiation", error: "timed out" }] }));
    assert.ok(answer.qscore < 80, `qscore ${answer.qscore}`);
    assert.match(answer.critique, /Evidence is thin: 1 distinct reference for a high evidence need \(4 expected\)/);
    assert.match(answer.critique, /Failed specialists: Negotiation strategist/);
    assert.match(answer.conclusion, /Not included because they failed: Negotiation strategist \(timed out\)/);
  });

  it("computes the documented QSCORE formula", () => {
    const { qscore, parts } = qualityScore(input());
    assert.deepEqual(
      { coverage: parts.coverage, health: parts.health, answered: parts.answered, references: parts.references },
      { coverage: 1, health: 1, answered: 1, references: 4 },
    );
    assert.equal(qscore, Math.round(40 + 25 * 0.8 + 20 + 15));
  });

  it("answers in Japanese and still validates when no specialist succeeded", () => {
    const answer = ModeratorOutputSchema.parse(
      moderateOffline(input({ language: "ja", findings: [], failures: [{ specialist: "spend", error: "error" }] })),
    );
    assert.match(answer.conclusion, /回答できたスペシャリストはいませんでした/);
    assert.deepEqual(answer.rationale, []);
    assert.deepEqual(answer.nextActions, ["該当する文書が見つからなかったため、調達部門に確認してください。"]);
    assert.ok(answer.qscore < 80);
  });
});
