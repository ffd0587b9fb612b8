import assert from "node:assert/strict";
import { resolveCategory } from "../../../src/tools/entities/category-resolver";
import { fiscalMonthIndex, fiscalQuarterOf, fiscalYearOf, fiscalYearRange, parseFiscalYear } from "../../../src/domain/fiscal-year";
import { findMentionedSuppliers, resolveSupplier } from "../../../src/tools/entities/supplier-resolver";
import { sampleData } from "./tool-fixture";

describe("resolveSupplier", () => {
  const cases: [string, string | undefined][] = [
    ["Acme", "SUP-001"],
    ["アクメ", "SUP-001"],
    ["acme cloud software, inc.", "SUP-001"],
    ["A社", "SUP-033"],
    ["取引先A社", "SUP-033"],
    ["旭産業資材株式会社", "SUP-033"],
    ["sup-012", "SUP-012"],
    ["Hayabusa Logistcs", "SUP-014"],
    ["B社", undefined],
    ["Qwerty Holdings", undefined],
  ];
  for (const [text, id] of cases) {
    it(`reads ${JSON.stringify(text)} as ${id ?? "no supplier"}`, async () => {
      const resolved = resolveSupplier(await sampleData.listSuppliers(), text);
      assert.equal(resolved.outcome === "match" ? resolved.supplier.id : undefined, id);
    });
  }

  it("finds suppliers named inside a question, as whole words", async () => {
    const suppliers = await sampleData.listSuppliers();
    assert.deepEqual(
      findMentionedSuppliers(suppliers, "Can we renew the Acme SaaS contract at +8%?").map((s) => s.id),
      ["SUP-001"],
    );
    assert.deepEqual(
      findMentionedSuppliers(suppliers, "取引先A社の支出推移は？").map((s) => s.id),
      ["SUP-033"],
    );
    assert.deepEqual(findMentionedSuppliers(suppliers, "What is our approval threshold?"), []);
  });
});

describe("resolveCategory", () => {
  const known = ["saas", "cloud", "logistics", "raw-materials", "office-supplies"];
  const cases: [string, string | undefined][] = [
    ["SaaS", "saas"],
    ["raw materials", "raw-materials"],
    ["Raw_Materials", "raw-materials"],
    ["物流", "logistics"],
    ["原材料の価格", "raw-materials"],
    ["stationery", "office-supplies"],
    ["aerospace", undefined],
    // Names from the one table of category words, which the tools' table once lacked.
    ["courier", "logistics"],
    ["ロジスティクス", "logistics"],
    ["PaaS", "cloud"],
    // Words only a category argument is read by.
    ["delivery", "logistics"],
    ["office supply", "office-supplies"],
    ["樹脂", "raw-materials"],
  ];
  for (const [text, id] of cases) it(`reads ${JSON.stringify(text)}`, () => assert.equal(resolveCategory(text, known), id));
});

describe("fiscal years (April–March)", () => {
  it("names a date's fiscal year and quarter", () => {
    assert.equal(fiscalYearOf("2026-03-31"), "FY2025");
    assert.equal(fiscalYearOf("2026-04-01"), "FY2026");
    assert.deepEqual(
      ["2025-04-01", "2025-07-15", "2025-12-31", "2026-01-01"].map((date) => fiscalQuarterOf(date)),
      ["FY2025-Q1", "FY2025-Q2", "FY2025-Q3", "FY2025-Q4"],
    );
    assert.deepEqual(fiscalYearRange("FY2025"), { from: "2025-04-01", to: "2026-03-31" });
  });

  it("follows a data set's own start month: January, July, October", () => {
    assert.deepEqual(
      ["2025-01-01", "2025-04-30", "2025-12-31"].map((date) => fiscalQuarterOf(date, 1)),
      ["FY2025-Q1", "FY2025-Q2", "FY2025-Q4"],
    );
    assert.deepEqual(fiscalYearRange("FY2025", 1), { from: "2025-01-01", to: "2025-12-31" });
    assert.equal(fiscalYearOf("2025-06-30", 7), "FY2024");
    assert.equal(fiscalQuarterOf("2025-06-30", 7), "FY2024-Q4");
    assert.equal(fiscalQuarterOf("2025-07-01", 7), "FY2025-Q1");
    assert.deepEqual(fiscalYearRange("FY2024", 10), { from: "2024-10-01", to: "2025-09-30" });
    assert.equal(fiscalYearRange("FY2023", 3).to, "2024-02-29");
    assert.deepEqual(
      [4, 3].map((month) => fiscalMonthIndex(month, 4)),
      [0, 11],
    );
  });

  it("parses the ways people write a fiscal year", () => {
    assert.deepEqual(["FY2025", "fy25", "2025", "2025年度", "令和7年度", "ＦＹ２０２５"].map(parseFiscalYear), Array(6).fill("FY2025"));
    assert.equal(parseFiscalYear("next year"), undefined);
    assert.equal(parseFiscalYear("25"), undefined);
  });
});

describe("resolveSupplier: three outcomes over a vendor master without aliases", () => {
  const vendors = [
    { id: "100234", name: "Acme Cloud Software KK", aliases: [] },
    { id: "100310", name: "山田運輸株式会社", aliases: [] },
    { id: "100455", name: "Kanto Packaging Co. Ltd.", aliases: [] },
    { id: "100620", name: "Acme Logistics Inc.", aliases: [] },
    { id: "100700", name: "アオバ電機", aliases: [] },
  ];
  const outcome = (text: string) => {
    const resolved = resolveSupplier(vendors, text);
    if (resolved.outcome === "match") return resolved.supplier.id;
    const names = resolved.outcome === "ambiguous" ? resolved.candidates : resolved.suggestions;
    return `${resolved.outcome}: ${names.map((s) => s.id).join(",")}`;
  };
  const cases: [string, string][] = [
    ["100234", "100234"],
    ["Acme Cloud Software", "100234"],
    ["ACME CLOUD SOFTWARE K.K.", "100234"],
    ["Ａｃｍｅ Ｃｌｏｕｄ Ｓｏｆｔｗａｒｅ", "100234"],
    ["Acme Cloud Sofware", "100234"],
    ["山田運輸", "100310"],
    ["(株)山田運輸", "100310"],
    ["Kanto Packaging", "100455"],
    ["あおば電機", "100700"],
    ["ｱｵﾊﾞ電機", "100700"],
    ["Acme", "ambiguous: 100234,100620"],
    ["Acme Cloud Japan", "not_found: 100234"],
    ["Globex", "not_found: "],
  ];
  for (const [text, expected] of cases) it(`reads ${JSON.stringify(text)} as ${expected}`, () => assert.equal(outcome(text), expected));
});
