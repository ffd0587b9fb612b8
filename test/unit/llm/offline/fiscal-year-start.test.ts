import assert from "node:assert/strict";
import { buildQuestionVocabulary, type QuestionVocabulary } from "../../../../src/tools/question/vocabulary";
import { createEvidencePlanner } from "../../../../src/tools/evidence-plan";
import { extractQuestionEntities } from "../../../../src/tools/question/question-entities";
import { rewriteOffline } from "../../../../src/llm/offline/rewriter";
import { createToolRegistry } from "../../../../src/tools";
import { createSnapshotProcurementData, snapshotOf } from "../../../../src/tools/in-memory-procurement-data";
import { generateSampleDataSet } from "../../../../src/tools/sample-data";
import type { ProcurementData } from "../../../../src/tools/procurement-data";

/** The sample data set as an import whose fiscal years start in `startMonth`. */
function dataStartingIn(startMonth: number): ProcurementData {
  return createSnapshotProcurementData(
    snapshotOf(generateSampleDataSet(), { name: "imported", location: "test", importedAt: null, fiscalYearStartMonth: startMonth }),
  );
}

describe("offline engine with the data set's fiscal year", () => {
  const starts = { april: 4, january: 1, october: 10 };
  const vocabularies: Record<keyof typeof starts, QuestionVocabulary> = {} as never;
  const data: Record<keyof typeof starts, ProcurementData> = {} as never;
  before(async () => {
    for (const [name, month] of Object.entries(starts) as [keyof typeof starts, number][]) {
      data[name] = dataStartingIn(month);
      vocabularies[name] = await buildQuestionVocabulary(data[name]);
      await vocabularies[name].contractIds.ready();
    }
  });

  it("counts 'this year' and 'last year' from the month the data set's fiscal year starts", () => {
    const years = (start: keyof typeof starts, today: string, question: string) =>
      extractQuestionEntities(question, vocabularies[start], new Date(today)).fiscalYears;
    assert.deepEqual(years("april", "2026-02-10T09:00:00Z", "What did we spend this year?"), ["FY2025"]);
    assert.deepEqual(years("january", "2026-02-10T09:00:00Z", "What did we spend this year?"), ["FY2026"]);
    assert.deepEqual(years("january", "2026-02-10T09:00:00Z", "What did we spend last year?"), ["FY2025"]);
    assert.deepEqual(years("april", "2026-06-01T09:00:00Z", "今年度の支出は？"), ["FY2026"]);
    assert.deepEqual(years("october", "2026-06-01T09:00:00Z", "今年度の支出は？"), ["FY2025"]);
    assert.deepEqual(years("october", "2026-10-01T09:00:00Z", "What did we spend last year?"), ["FY2025"]);
  });

  it("asks the spend tool for the fiscal years' own first and last days", async () => {
    const spanOf = async (start: keyof typeof starts) => {
      const tools = createToolRegistry(data[start], { fiscalYearStartMonth: starts[start] }).list();
      const planner = createEvidencePlanner({
        vocabulary: vocabularies[start],
        clock: { now: () => new Date("2026-06-01T09:00:00Z") },
      });
      const calls = await planner.plan(
        { text: "How much did we spend with Acme from FY2024 to FY2025?", language: "en" },
        { keywords: [] },
        tools,
      );
      const spend = calls.find((call) => call.name === "querySpend");
      assert.ok(spend, `a spend query is planned: ${JSON.stringify(calls)}`);
      return [spend.args.from, spend.args.to];
    };
    assert.deepEqual(await spanOf("april"), ["2024-04-01", "2026-03-31"]);
    assert.deepEqual(await spanOf("january"), ["2024-01-01", "2025-12-31"]);
    assert.deepEqual(await spanOf("october"), ["2024-10-01", "2026-09-30"]);
  });

  it("rewrites a follow-up's 'last year' in the data set's fiscal years", () => {
    const rewrite = (start: keyof typeof starts) =>
      rewriteOffline(
        {
          agent: "rewriter",
          question: "And last year?",
          language: "en",
          turns: [
            {
              question: "How much did we spend with Acme in FY2023?",
              conclusion: "",
              entities: { suppliers: [], contracts: [], categories: [], periods: ["FY2023"], amounts: [] },
            },
          ],
        },
        vocabularies[start],
        new Date("2026-02-10T09:00:00Z"),
      ).standaloneQuestion;
    assert.equal(rewrite("april"), "How much did we spend with Acme in FY2024?");
    assert.equal(rewrite("january"), "How much did we spend with Acme in FY2025?");
  });

  it("quotes a running year's comparison in Japanese whatever month the year starts in", async () => {
    for (const [start, month] of Object.entries(starts) as [keyof typeof starts, number][]) {
      const spend = createToolRegistry(data[start], { fiscalYearStartMonth: month }).get("querySpend")!;
      const args = { supplier: "Acme", category: null, costCenter: null, fiscalYear: null, from: null, to: null, groupBy: "fiscalYear" };
      const quotes = (await spend.run(args, "ja")).evidence.map((item) => item.quote);
      const running = quotes.find((quote) => quote.includes("両年度の同期間"));
      assert.ok(running?.includes(`両年度の同期間（${month}月〜`), `${start}: ${quotes.join(" | ")}`);
      assert.ok(!quotes.some((quote) => quote.includes("same months")), `${start}: ${quotes.join(" | ")}`);
    }
  });
});
