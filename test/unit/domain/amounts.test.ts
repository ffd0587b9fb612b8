import assert from "node:assert/strict";
import { extractAmounts, extractPercentages, largestAmountJpy, toJpy } from "../../../src/domain/amounts";

/** Each phrasing with the amounts it names, as [value, currency]; JPY follows at the default rates. */
const PHRASINGS: [string, [number, "JPY" | "USD" | "EUR"][]][] = [
  // Yen symbol and code, every separator
  ["Is ¥12,000,000 above the CPO threshold?", [[12_000_000, "JPY"]]],
  ["¥50 000 000 for the fleet", [[50_000_000, "JPY"]]],
  ["¥50.000.000 for the fleet", [[50_000_000, "JPY"]]],
  ["¥50'000'000 for the fleet", [[50_000_000, "JPY"]]],
  ["¥50’000’000 for the fleet", [[50_000_000, "JPY"]]],
  ["¥50\u00a0000\u00a0000 for the fleet", [[50_000_000, "JPY"]]],
  ["¥ 12,000,000", [[12_000_000, "JPY"]]],
  ["¥5000", [[5_000, "JPY"]]],
  ["¥1.500", [[1_500, "JPY"]]],
  ["JPY 12,000,000", [[12_000_000, "JPY"]]],
  ["JPY12000000", [[12_000_000, "JPY"]]],
  ["12,000,000 JPY", [[12_000_000, "JPY"]]],
  ["12,000,000 yen", [[12_000_000, "JPY"]]],
  ["12,000,000円", [[12_000_000, "JPY"]]],
  ["12,000,000 円", [[12_000_000, "JPY"]]],
  ["￥１２，０００，０００", [[12_000_000, "JPY"]]],
  ["１２，０００，０００円", [[12_000_000, "JPY"]]],
  ["JPY 50 000 000", [[50_000_000, "JPY"]]],
  // Japanese units
  ["5千万円のソフトウェアを購入したい", [[50_000_000, "JPY"]]],
  ["５千万円のソフトウェア", [[50_000_000, "JPY"]]],
  ["1.2億円の契約", [[120_000_000, "JPY"]]],
  ["１．２億円の契約", [[120_000_000, "JPY"]]],
  ["予算は1,200万円です", [[12_000_000, "JPY"]]],
  ["5000万の発注", [[50_000_000, "JPY"]]],
  ["1億2,000万円", [[120_000_000, "JPY"]]],
  ["1億2000万円", [[120_000_000, "JPY"]]],
  ["3億円", [[300_000_000, "JPY"]]],
  ["1兆円", [[1_000_000_000_000, "JPY"]]],
  ["300万円", [[3_000_000, "JPY"]]],
  ["100 万円以上", [[1_000_000, "JPY"]]],
  ["千万円", [[10_000_000, "JPY"]]],
  ["百万円", [[1_000_000, "JPY"]]],
  ["三千五百万円", [[35_000_000, "JPY"]]],
  ["五千万円", [[50_000_000, "JPY"]]],
  ["一億円", [[100_000_000, "JPY"]]],
  ["3千5百万円", [[35_000_000, "JPY"]]],
  ["5千円の文房具", [[5_000, "JPY"]]],
  ["2.5万円", [[25_000, "JPY"]]],
  ["500万ドル", [[5_000_000, "USD"]]],
  ["10万ユーロ", [[100_000, "EUR"]]],
  [
    "1,000万円（¥10,000,000）以上",
    [
      [10_000_000, "JPY"],
      [10_000_000, "JPY"],
    ],
  ],
  // Words
  ["fifty million yen", [[50_000_000, "JPY"]]],
  ["Fifty Million Yen", [[50_000_000, "JPY"]]],
  ["two hundred thousand dollars", [[200_000, "USD"]]],
  ["a million yen", [[1_000_000, "JPY"]]],
  ["one hundred and twenty million yen", [[120_000_000, "JPY"]]],
  ["twenty-five thousand euros", [[25_000, "EUR"]]],
  ["three billion yen", [[3_000_000_000, "JPY"]]],
  ["1.5 million yen", [[1_500_000, "JPY"]]],
  ["$1.5 million", [[1_500_000, "USD"]]],
  ["12 million yen", [[12_000_000, "JPY"]]],
  [
    "3 million yen and 40,000 EUR",
    [
      [3_000_000, "JPY"],
      [40_000, "EUR"],
    ],
  ],
  ["USD 2 billion", [[2_000_000_000, "USD"]]],
  ["¥2 thousand", [[2_000, "JPY"]]],
  // Abbreviations
  ["a $250k renewal", [[250_000, "USD"]]],
  ["$250K renewal", [[250_000, "USD"]]],
  ["USD 1.2M per year", [[1_200_000, "USD"]]],
  ["¥50M", [[50_000_000, "JPY"]]],
  ["¥50m", [[50_000_000, "JPY"]]],
  ["50 mil JPY", [[50_000_000, "JPY"]]],
  ["JPY 50 mil", [[50_000_000, "JPY"]]],
  ["50mn yen", [[50_000_000, "JPY"]]],
  ["¥50 mn", [[50_000_000, "JPY"]]],
  ["$3MM", [[3_000_000, "USD"]]],
  ["¥1.2bn", [[1_200_000_000, "JPY"]]],
  ["$2B deal", [[2_000_000_000, "USD"]]],
  ["JPY 5bn", [[5_000_000_000, "JPY"]]],
  ["€40k audit", [[40_000, "EUR"]]],
  ["EUR 1,5 Mio", [[1_500_000, "EUR"]]],
  ["1.250 million yen", [[1_250_000, "JPY"]]],
  // Scientific notation
  ["5e7 yen", [[50_000_000, "JPY"]]],
  ["¥5E7", [[50_000_000, "JPY"]]],
  ["1.2e8 JPY", [[120_000_000, "JPY"]]],
  // Dollars and euros before or after
  ["$100,000", [[100_000, "USD"]]],
  ["US$100,000", [[100_000, "USD"]]],
  ["USD 100,000", [[100_000, "USD"]]],
  ["100,000 USD", [[100_000, "USD"]]],
  ["100,000 dollars", [[100_000, "USD"]]],
  ["100,000ドル", [[100_000, "USD"]]],
  ["$1,250.50", [[1_250.5, "USD"]]],
  ["$1.250", [[1.25, "USD"]]],
  ["€40,000 for the audit", [[40_000, "EUR"]]],
  ["€40.000 for the audit", [[40_000, "EUR"]]],
  ["€40.000,50", [[40_000.5, "EUR"]]],
  ["40,000 EUR", [[40_000, "EUR"]]],
  ["40 000 euros", [[40_000, "EUR"]]],
  ["EUR 40000", [[40_000, "EUR"]]],
  ["40,000ユーロ", [[40_000, "EUR"]]],
  ["one euro", [[1, "EUR"]]],
  // Not amounts: years, ids, counts, percentages, plain numbers, small kanji units without a currency
  ["Renew at +8% in FY2025 (PO-2025-000123), 3 quotes", []],
  ["How many suppliers do we have in 2025?", []],
  ["We need 3 million units of packaging", []],
  ["3千人の社員", []],
  ["二十分で終わります", []],
  ["a supplier with one contract", []],
  ["Top 10 suppliers by spend", []],
];

describe("extractAmounts", () => {
  it(`covers at least 80 phrasings (${PHRASINGS.length})`, () => {
    assert.ok(PHRASINGS.length >= 80);
  });

  for (const [text, expected] of PHRASINGS) {
    it(`reads ${JSON.stringify(text)}`, () => {
      const found = extractAmounts(text).map(({ value, currency, jpy }) => ({ value, currency, jpy }));
      assert.deepEqual(
        found,
        expected.map(([value, currency]) => ({ value, currency, jpy: toJpy(value, currency) })),
      );
    });
  }

  it("keeps the text each amount was read from, full-width characters included", () => {
    assert.deepEqual(
      extractAmounts("全角 ￥１２，０００，０００ でも 5千万円、そして $250k.").map((a) => a.text),
      ["￥１２，０００，０００", "5千万円", "$250k"],
    );
    assert.deepEqual(
      extractAmounts("40,000 EUR and 3 million yen").map((a) => a.text),
      ["40,000 EUR", "3 million yen"],
    );
  });

  it("converts at the rates it is given", () => {
    const [amount] = extractAmounts("$100k", { JPY: 1, USD: 140, EUR: 150 });
    assert.equal(amount?.jpy, 14_000_000);
  });
});

describe("largestAmountJpy", () => {
  it("is the largest amount in JPY, or 0", () => {
    assert.equal(largestAmountJpy("$100k now and ¥5,000,000 later"), 15_000_000);
    assert.equal(largestAmountJpy("no money here"), 0);
  });
});

describe("extractPercentages", () => {
  const cases: [string, number[]][] = [
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
  it("converts at the fixed corporate rates by default", () => {
    assert.equal(toJpy(1_000, "USD"), 150_000);
    assert.equal(toJpy(1_000, "EUR"), 160_000);
    // Kept to the sen: totals are rounded to whole yen once, for display.
    assert.equal(toJpy(1_234.4, "JPY"), 1_234.4);
    assert.equal(toJpy(100.01, "USD"), 15_001.5);
  });
});
