import assert from "node:assert/strict";
import { extractAmounts, extractPercentages, toJpy } from "../../../src/domain/amounts";

describe("extractAmounts", () => {
  const cases: Array<[string, Array<{ value: number; currency: string; text: string }>]> = [
    ["Is ¥12,000,000 above the CPO threshold?", [{ value: 12_000_000, currency: "JPY", text: "¥12,000,000" }]],
    ["予算は1,200万円です", [{ value: 12_000_000, currency: "JPY", text: "1,200万円" }]],
    ["契約総額1.2億円の承認者は？", [{ value: 120_000_000, currency: "JPY", text: "1.2億円" }]],
    ["5000万の発注", [{ value: 50_000_000, currency: "JPY", text: "5000万" }]],
    ["1億2,000万円", [{ value: 120_000_000, currency: "JPY", text: "1億2,000万円" }]],
    ["a $250k renewal", [{ value: 250_000, currency: "USD", text: "$250k" }]],
    ["USD 1.2M per year", [{ value: 1_200_000, currency: "USD", text: "USD 1.2M" }]],
    ["€40,000 for the audit", [{ value: 40_000, currency: "EUR", text: "€40,000" }]],
    ["40,000 EUR and 3 million yen", [
      { value: 40_000, currency: "EUR", text: "40,000 EUR" },
      { value: 3_000_000, currency: "JPY", text: "3 million yen" },
    ]],
    ["全角 ￥１２，０００，０００ でも", [{ value: 12_000_000, currency: "JPY", text: "￥１２，０００，０００" }]],
    ["500万ドル", [{ value: 5_000_000, currency: "USD", text: "500万ドル" }]],
    ["Renew at +8% in FY2025 (PO-2025-000123), 3 quotes", []],
  ];
  for (const [text, expected] of cases) {
    it(`reads ${JSON.stringify(text)}`, () => {
      assert.deepEqual(extractAmounts(text), expected);
    });
  }
});

describe("extractPercentages", () => {
  const cases: Array<[string, number[]]> = [
    ["Can we renew the Acme SaaS contract at +8%?", [8]],
    ["an increase of 8 % against a cap of 5%", [8, 5]],
    ["８％の値上げ", [8]],
    ["price down -3.5% and 10 percent later", [-3.5, 10]],
    ["no numbers here, FY2025", []],
  ];
  for (const [text, expected] of cases) {
    it(`reads ${JSON.stringify(text)}`, () => {
      assert.deepEqual(extractPercentages(text), expected);
    });
  }
});

describe("toJpy", () => {
  it("converts at the fixed corporate rates", () => {
    assert.equal(toJpy(1_000, "USD"), 150_000);
    assert.equal(toJpy(1_000, "EUR"), 160_000);
    assert.equal(toJpy(1_234.4, "JPY"), 1_234);
  });
});
