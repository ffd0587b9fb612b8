import assert from "node:assert/strict";
import { buildQuestionVocabulary, type QuestionVocabulary } from "../../../../src/tools/question/vocabulary";
import { extractQuestionEntities } from "../../../../src/tools/question/question-entities";
import { createInMemoryProcurementData } from "../../../../src/tools/in-memory-procurement-data";
import { generateSampleDataSet } from "../../../../src/tools/sample-data";

const today = new Date("2026-11-21T09:00:00Z");

describe("offline question entities", () => {
  let vocabulary: QuestionVocabulary;
  before(async () => {
    vocabulary = await buildQuestionVocabulary(createInMemoryProcurementData(generateSampleDataSet()));
    await vocabulary.contractIds.ready();
  });

  it("builds the vocabulary from the data: suppliers with aliases, categories with Japanese synonyms, regions", () => {
    const acme = vocabulary.suppliers.find((s) => s.name === "Acme Cloud Software");
    assert.ok(acme?.aliases.includes("アクメ"));
    assert.ok(vocabulary.categories.find((c) => c.id === "logistics")?.terms.includes("物流"));
    assert.ok(vocabulary.categories.find((c) => c.id === "raw-materials")?.terms.includes("raw materials"));
    assert.deepEqual(vocabulary.regions, ["APAC", "EU", "JP", "US"]);
  });

  const cases: {
    question: string;
    suppliers: string[];
    categories: string[];
    years: string[];
    groupBy: string | null;
    pct?: number[];
    jpy?: number[];
  }[] = [
    {
      question: "Can we renew the Acme SaaS contract at +8%?",
      suppliers: ["SUP-001"],
      categories: ["saas"],
      years: [],
      groupBy: null,
      pct: [8],
    },
    { question: "取引先A社の支出推移は？", suppliers: ["SUP-033"], categories: [], years: [], groupBy: "fiscalYear" },
    { question: "アクメとの契約は自動更新されますか？", suppliers: ["SUP-001"], categories: [], years: [], groupBy: null },
    { question: "FY2025のlogistics支出はいくら？", suppliers: [], categories: ["logistics"], years: ["FY2025"], groupBy: null },
    { question: "昨年度のクラウド支出を四半期ごとに", suppliers: [], categories: ["cloud"], years: ["FY2025"], groupBy: "quarter" },
    { question: "2024年度の物流費は？", suppliers: [], categories: ["logistics"], years: ["FY2024"], groupBy: null },
    { question: "Which certifications does Acme Cloud Software hold?", suppliers: ["SUP-001"], categories: [], years: [], groupBy: null },
    {
      question: "How many quotes do I need for a ¥5M purchase?",
      suppliers: [],
      categories: [],
      years: [],
      groupBy: null,
      jpy: [5_000_000],
    },
    { question: "ソフトウェアの値上げ8%は妥当？", suppliers: [], categories: ["saas"], years: [], groupBy: null, pct: [8] },
  ];
  for (const c of cases) {
    it(`reads "${c.question}"`, () => {
      const e = extractQuestionEntities(c.question, vocabulary, today);
      assert.deepEqual(
        e.suppliers.map((s) => s.id),
        c.suppliers,
      );
      assert.deepEqual(e.categories, c.categories);
      assert.deepEqual(e.fiscalYears, c.years);
      assert.equal(e.groupBy, c.groupBy);
      if (c.pct) assert.deepEqual(e.percentages, c.pct);
      if (c.jpy)
        assert.deepEqual(
          e.amounts.map((a) => a.jpy),
          c.jpy,
        );
    });
  }

  it("reads no supplier name in the ordinary word after 'supplier' or 'vendor', and still reads an id or a name there", () => {
    for (const question of [
      "We need an alternative supplier for packaging in Japan",
      "Which supplier in Japan makes cartons?",
      "Find a vendor with ISO 14001 for packaging",
      "Is there a supplier that can deliver by March?",
    ])
      assert.deepEqual(extractQuestionEntities(question, vocabulary, today).unresolvedSuppliers, [], question);
    assert.deepEqual(extractQuestionEntities("What did we pay supplier 100234?", vocabulary, today).unresolvedSuppliers, ["100234"]);
    assert.deepEqual(extractQuestionEntities("Is vendor Northwind sanctioned?", vocabulary, today).unresolvedSuppliers, ["Northwind"]);
  });

  it("recognises a one-letter typo of a long single-word supplier alias", () => {
    const long = vocabulary.suppliers.flatMap((s) => s.aliases.map((a) => ({ s, a }))).find(({ a }) => /^[A-Za-z]{6,}$/.test(a));
    assert.ok(long, "the sample data has a long single-word alias");
    const typo = `${long.a.slice(0, -1)}x`;
    assert.deepEqual(
      extractQuestionEntities(`What is ${typo}'s risk rating?`, vocabulary, today).suppliers.map((s) => s.id),
      [long.s.id],
    );
  });
});
