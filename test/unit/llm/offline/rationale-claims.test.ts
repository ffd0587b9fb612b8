import assert from "node:assert/strict";
import { RATIONALE_POINT_CHARS, type EvidenceItem, type RunState } from "../../../../src/domain";
import { benchQuestions } from "../../../../bench/questions";
import { offlineAsker } from "../../../fakes/workflow-harness";

/** The records a run's findings cite, by reference id. */
function recordsOf(state: RunState): Map<string, EvidenceItem> {
  return new Map(state.findings.flatMap((f) => (f.status === "ok" ? f.evidence.map((e) => [e.referenceId, e] as const) : [])));
}

describe("offline rationale: short claims the cited records support, never cut quotes", function () {
  this.timeout(20_000);
  let ask: (question: string) => Promise<RunState>;
  before(async () => {
    ask = await offlineAsker();
  });

  // The latency bench's questions (bench/questions.ts), English and Japanese.
  const questions = [...new Set(benchQuestions(60))].filter((_, i) => i % 3 === 0);
  it("picks a handful of questions in both languages", () => {
    assert.ok(questions.some((q) => /[ぁ-んァ-ン一-龯]/.test(q)) && questions.some((q) => /^[\x20-\x7e]+$/.test(q)));
  });
  for (const question of questions)
    it(`writes claims within the budget, not quotes: ${question}`, async () => {
      const state = await ask(question);
      if (state.status === "out_of_scope") return;
      const records = recordsOf(state);
      const rationale = state.answer?.rationale ?? [];
      assert.ok(rationale.length > 0, "the answer cites its evidence");
      for (const { point, citations } of rationale) {
        assert.ok(point.length <= RATIONALE_POINT_CHARS, `${point.length} > ${RATIONALE_POINT_CHARS}: ${point}`);
        assert.doesNotMatch(point, /…$/, "no point is cut");
        assert.match(point, /[.。]$/, "a point ends as a sentence");
        for (const reference of citations) {
          const record = records.get(reference);
          assert.ok(record, `cites unknown ${reference}`);
          assert.ok(!record.quote.startsWith(point.replace(/[.。]$/, "")), `copies the quote of ${reference}: ${point}`);
        }
      }
    });

  it("states the figures the cited record holds (English and Japanese)", async () => {
    for (const [question, claim, reference] of [
      ["Can we renew the Acme SaaS contract at +8%?", "FY2026 vs FY2025 (same months to date): +4.9%.", "SPEND SUP-001 saas FY2025→FY2026"],
      ["AcmeのSaaS契約を+8%で更新できますか？", "2025年度は2024年度比+8.8%です。", "SPEND SUP-001 saas FY2024→FY2025"],
    ]) {
      const state = await ask(question);
      const point = state.answer?.rationale.find((r) => r.point === claim);
      assert.deepEqual(point?.citations, [reference], JSON.stringify(state.answer?.rationale));
    }
  });
});
