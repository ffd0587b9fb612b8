import assert from "node:assert/strict";
import type { ProcurementDataSet, RunState } from "../../../../src/domain";
import { createOfflineChatModel } from "../../../../src/llm/offline";
import { buildQuestionVocabulary } from "../../../../src/tools/question/vocabulary";
import { createInMemoryProcurementData } from "../../../../src/tools/in-memory-procurement-data";
import { createToolRegistry } from "../../../../src/tools";
import { generateSampleDataSet } from "../../../../src/tools/sample-data";
import { runQuestion } from "../../../../src/workflow/runner";
import { suggestFollowUps } from "../../../../src/workflow/follow-up-suggestions";
import { completedRun } from "../../../fixtures/cards/sample-runs";
import { workflowHarness } from "../../../fakes/workflow-harness";

/** The sample data plus a supplier imported with only its required columns: no figures, certifications or start date. */
function dataWithBareSupplier(): ProcurementDataSet {
  const data = generateSampleDataSet();
  data.suppliers.push({
    id: "SUP-BARE",
    name: "Yamato Freight Partners",
    aliases: [],
    category: "logistics",
    region: "JP",
    riskRating: "medium",
    certifications: [],
    performance: { onTimeDeliveryPct: null, qualityScore: null, incidentsLast12m: null },
    sanctionsFlag: false,
    preferred: false,
    since: "",
  });
  return data;
}

/** Every text of an answer a user reads: conclusion, rationale, evidence quotes and follow-up buttons. */
function shownText(state: RunState): string {
  return [
    state.answer?.conclusion ?? "",
    ...(state.answer?.rationale.map((point) => point.point) ?? []),
    ...state.findings.flatMap((finding) => (finding.status === "ok" ? [finding.summary, ...finding.evidence.map((e) => e.quote)] : [])),
    ...(state.suggestedFollowUps ?? []),
  ].join("\n");
}

describe("offline answers in Japanese and English without leaked ids, English words or made-up zeros", () => {
  const data = createInMemoryProcurementData(dataWithBareSupplier());

  async function ask(question: string): Promise<RunState> {
    const model = createOfflineChatModel({
      vocabulary: await buildQuestionVocabulary(data),
      clock: { now: () => new Date("2026-11-21T09:00:00Z") },
    });
    const deps = {
      ...workflowHarness(model).deps,
      tools: createToolRegistry(data, { fiscalYearStartMonth: 4, clock: { now: () => new Date("2026-11-21T09:00:00+09:00") } }),
    };
    const state = await runQuestion(deps, { question });
    assert.ok(state.status === "answered" || state.status === "awaiting_approval", `${state.status} ${state.failure?.message ?? ""}`);
    return state;
  }

  it("names the category by its Japanese label in a Japanese spend conclusion, never by its id", async function () {
    this.timeout(60_000);
    const state = await ask("2025年度の物流の支出は？");
    const conclusion = state.answer!.conclusion;
    assert.match(conclusion, /^物流・2025年度の支出は¥[\d,]+/, conclusion);
    assert.doesNotMatch(shownText(state), /\blogistics\b/, "no category id in the conclusion, the evidence or the follow-ups");
    assert.ok(
      state.findings.some((f) => f.status === "ok" && f.evidence.some((e) => e.quote.endsWith("（物流、2025年度）"))),
      "the spend quote's scope in Japanese",
    );
    const actions = state.answer!.nextActions.join("\n");
    assert.doesNotMatch(actions, /SPEND|logistics/, actions);
  });

  it("writes the English spend scope once, without a 100 % share on a group that is the whole total", async function () {
    this.timeout(60_000);
    const state = await ask("How much did we spend on logistics in FY2025?");
    assert.match(state.answer!.conclusion, /^Spend logistics, FY2025: ¥[\d,]+ over \d+ transactions\./, state.answer!.conclusion);
    assert.doesNotMatch(shownText(state), /FY2025 FY2025|, 100%\)/);
  });

  for (const [question, missing] of [
    [
      "Yamato Freight Partnersのリスク評価は？",
      /納期遵守率0%|品質スコア0(?![.\d])|no certifications on file|supplier since|取引開始年\s*$|on-time|quality/,
    ],
    [
      "What is the risk profile of Yamato Freight Partners?",
      /0% on-time|quality score 0(?![.\d])|on-time 0%|quality 0(?![.\d])|supplier since\s*($|[;,.])/m,
    ],
  ] as const) {
    it(`shows "—" for the figures an imported supplier lacks: ${question}`, async function () {
      this.timeout(60_000);
      const state = await ask(question);
      const text = shownText(state);
      assert.ok(text.includes("Yamato Freight Partners"), text);
      assert.ok(text.includes("—"), text);
      assert.doesNotMatch(text, missing);
    });
  }

  it("names a supplier's category by its label in a Japanese profile quote", async function () {
    this.timeout(60_000);
    const text = shownText(await ask("Kanto Expressのリスク評価は？"));
    assert.ok(text.includes("Kanto Express Transport Co., Ltd.（物流、JP）"), text);
    assert.doesNotMatch(text, /\blogistics\b/);
  });

  it("offers the alternatives follow-up with the category's Japanese label, never its id", () => {
    const run = completedRun({ language: "ja", question: "物流の支出は？" });
    run.findings[0].toolCalls = [
      {
        name: "querySpend",
        arguments: { category: "logistics" },
        ok: true,
        resultDigest: "",
        durationMs: 1,
        lookedUp: [{ kind: "categories", name: "logistics" }],
      },
    ];
    const suggestions = suggestFollowUps(run);
    assert.ok(suggestions.includes("物流の代替サプライヤーは？"), suggestions.join(" | "));
    assert.ok(!suggestions.some((s) => s.includes("logistics")), suggestions.join(" | "));
    const english = completedRun({ question: "Spend on logistics?" });
    english.findings[0].toolCalls = run.findings[0].toolCalls;
    assert.ok(suggestFollowUps(english).includes("Which alternative suppliers are there for logistics?"));
  });
});
