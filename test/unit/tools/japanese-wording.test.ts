import assert from "node:assert/strict";
import type { ModelToolCall } from "../../../src/workflow/ports";
import { runToolCalls } from "../../../src/workflow/steps/tool-runner";
import { registry, sampleData } from "./tool-fixture";

const NO_FILTER = { supplier: null, category: null, costCenter: null, fiscalYear: null, from: null, to: null };

/** Every data tool called the way a Japanese question calls them, over every supplier and category of the sample data. */
async function japaneseCalls(): Promise<ModelToolCall[]> {
  const [suppliers, benchmarks] = await Promise.all([sampleData.listSuppliers(), sampleData.listBenchmarks()]);
  const categories = [...new Set(suppliers.map((s) => s.category))];
  const calls: [string, object][] = [
    ...suppliers.flatMap((s): [string, object][] => [
      ["getSupplierProfile", { name: s.name }],
      ["querySpend", { ...NO_FILTER, supplier: s.name, groupBy: "fiscalYear" }],
      // Between them the queries ask for every kind of clause a contract holds.
      ...["更新 値上げ 解約", "期間 責任 支払", "品質 保証"].map((query): [string, object] => [
        "searchContracts",
        { query, supplier: s.name },
      ]),
    ]),
    ...categories.flatMap((category): [string, object][] => [
      ["listSuppliers", { category, region: null }],
      ["querySpend", { ...NO_FILTER, category, fiscalYear: "FY2025", groupBy: "supplier" }],
    ]),
    ...benchmarks.map((b): [string, object] => ["getPriceBenchmarks", { category: b.category }]),
    ["querySpend", { ...NO_FILTER, from: "2025-04", to: "2025-09", groupBy: "quarter" }],
    ["listSuppliers", { category: null, region: "JP" }],
  ];
  return calls.map(([name, args], index) => ({ id: `${index}`, name, arguments: JSON.stringify(args) }));
}

/** A document's text as quoted: whole, or its start when it was cut. */
function documentText(text: string): string[] {
  const flat = text.replace(/\s+/g, " ").trim();
  return [flat, flat.slice(0, 200)];
}

/** What the data itself says (names, titles, document text, units, sources): English there is not the tools' wording. */
async function dataTexts(): Promise<string[]> {
  const suppliers = await sampleData.listSuppliers();
  const contracts = (await Promise.all(suppliers.map((s) => sampleData.listContracts({ supplierId: s.id })))).flat();
  const benchmarks = await sampleData.listBenchmarks();
  const texts = [
    ...suppliers.flatMap((s) => [s.name, ...s.aliases, ...s.certifications, s.region]),
    ...contracts.flatMap((c) => [c.title, c.supplierName, ...c.clauses.flatMap((clause) => documentText(clause.text))]),
    ...benchmarks.flatMap((b) => [b.unit, b.source]),
  ];
  return [...new Set(texts)].sort((a, b) => b.length - a.length);
}

describe("tools answering a Japanese question", () => {
  it("word every quote and digest from the Japanese table: no English of their own is left", async function () {
    this.timeout(30_000);
    const calls = await japaneseCalls();
    const names = [...new Set(calls.map((call) => call.name))];
    const results = await runToolCalls(registry, names, calls, "ja");
    const data = await dataTexts();
    const untranslated = results.flatMap(({ call, content }) => {
      assert.ok(content.ok, `${call.name} ${call.arguments}: ${content.error}`);
      return [content.digest, ...content.evidence.map((item) => item.quote)].flatMap((text) => {
        const rest = data
          .reduce((left, value) => left.split(value).join(" "), text)
          // Ids, periods, currencies and percentile labels are the same in every language.
          .replace(/\b(?:SUP|CTR|PO|POL)-[\w-]+|§[\d.]+|\bFY\d{4}\b|\b(?:USD|EUR|JPY|SLA|p25|p75)\b/g, " ")
          // The rest of a clause cut to its length.
          .replace(/[A-Za-z][^…]*…$/, " ");
        return /[A-Za-z]{3,}/.test(rest) ? [`${call.name}: ${text}`] : [];
      });
    });
    assert.deepEqual(untranslated.slice(0, 10), [], `${untranslated.length} texts keep English wording`);
  });
});
