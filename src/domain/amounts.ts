/** Currencies the product understands in questions and data. */
export type Currency = "JPY" | "USD" | "EUR";

/** A money amount found in free text, in its own currency, with the text it was read from. */
export interface ExtractedAmount {
  value: number;
  currency: Currency;
  text: string;
}

/** Fixed corporate conversion rates to JPY; the sample data set normalises with the same rates. */
export const JPY_PER_UNIT: Readonly<Record<Currency, number>> = { JPY: 1, USD: 150, EUR: 160 };

/** Converts an amount to JPY at the fixed corporate rate, rounded to whole yen. */
export function toJpy(value: number, currency: Currency): number {
  return Math.round(value * JPY_PER_UNIT[currency]);
}

const NUMBER = String.raw`\d+(?:,\d{3})*(?:\.\d+)?`;
const KANJI_UNIT: Record<string, number> = { 兆: 1e12, 億: 1e8, 万: 1e4, 千: 1e3 };
const LATIN_MULTIPLIER: Record<string, number> = { k: 1e3, m: 1e6, mn: 1e6, mm: 1e6, million: 1e6, b: 1e9, bn: 1e9, billion: 1e9 };
const PREFIX_CURRENCY: Record<string, Currency> = { "¥": "JPY", jpy: "JPY", "us$": "USD", usd: "USD", $: "USD", "€": "EUR", eur: "EUR" };
const SUFFIX_CURRENCY: Record<string, Currency> = {
  円: "JPY", yen: "JPY", jpy: "JPY", usd: "USD", dollar: "USD", dollars: "USD", ドル: "USD", eur: "EUR", euro: "EUR", euros: "EUR", ユーロ: "EUR",
};

const AMOUNT_PATTERN = new RegExp(
  [
    String.raw`(?<prefix>¥|\bJPY|US\$|\bUSD|\$|€|\bEUR)?\s?`,
    String.raw`(?<amount>(?:${NUMBER}\s?[兆億万千])+(?:${NUMBER})?|${NUMBER}(?:\s?(?<multiplier>k|mn|mm|m|million|bn|billion|b)\b)?)`,
    String.raw`(?:\s?(?<suffix>円|yen\b|JPY\b|USD\b|dollars?\b|ドル|EUR\b|euros?\b|ユーロ))?`,
  ].join(""),
  "gi",
);

const PERCENT_PATTERN = /(?<![\d.])(?<sign>[+\-−])?\s?(?<number>\d+(?:\.\d+)?)\s?(?:%|percent\b|パーセント)/gi;

/**
 * Money amounts mentioned in a question, e.g. "¥12,000,000", "1,200万円", "1.2億円", "$250k",
 * "USD 1.2M", "€40,000", "5000万". A number counts only with a currency marker or a Japanese unit
 * (万/億/兆 imply yen), so years, ids and percentages are not amounts.
 */
export function extractAmounts(text: string): ExtractedAmount[] {
  const normalised = toHalfWidth(text);
  const amounts: ExtractedAmount[] = [];
  for (const match of normalised.matchAll(AMOUNT_PATTERN)) {
    const { prefix, amount, multiplier, suffix } = match.groups as Record<string, string | undefined>;
    if (amount === undefined) continue;
    const hasKanjiUnit = /[兆億万千]/.test(amount);
    const currency = currencyOf(prefix, suffix) ?? (hasKanjiUnit ? "JPY" : undefined);
    if (currency === undefined) continue;
    const start = match.index + (prefix === undefined ? match[0].indexOf(amount) : 0);
    if (prefix === undefined && /[\w.]/.test(normalised.charAt(start - 1))) continue;
    const base = hasKanjiUnit ? kanjiAmount(amount) : parseNumber(amount.replace(/[^\d.,]/g, ""));
    const value = base * (multiplier === undefined ? 1 : LATIN_MULTIPLIER[multiplier.toLowerCase()]);
    const end = match.index + match[0].trimEnd().length;
    amounts.push({ value: round(value), currency, text: text.slice(start, end) });
  }
  return amounts;
}

/** Percentages mentioned in text, signed: "+8%" → 8, "8 %" → 8, "８％" → 8, "-3.5%" → -3.5. */
export function extractPercentages(text: string): number[] {
  return [...toHalfWidth(text).matchAll(PERCENT_PATTERN)].map((match) => {
    const value = Number(match.groups?.number);
    return match.groups?.sign === undefined || match.groups.sign === "+" ? value : -value;
  });
}

function currencyOf(prefix: string | undefined, suffix: string | undefined): Currency | undefined {
  if (prefix !== undefined) return PREFIX_CURRENCY[prefix.toLowerCase()];
  if (suffix !== undefined) return SUFFIX_CURRENCY[suffix.toLowerCase()];
  return undefined;
}

/** "1億2,000万" → 120,000,000: each number times the unit that follows it, plus a trailing number. */
function kanjiAmount(amount: string): number {
  let total = 0;
  let rest = amount.replace(/\s/g, "");
  for (const part of rest.matchAll(new RegExp(`(${NUMBER})([兆億万千])`, "g"))) {
    total += parseNumber(part[1]) * KANJI_UNIT[part[2]];
  }
  rest = rest.replace(new RegExp(`${NUMBER}[兆億万千]`, "g"), "");
  return total + (rest === "" ? 0 : parseNumber(rest));
}

function parseNumber(digits: string): number {
  return Number(digits.replace(/,/g, ""));
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Full-width ASCII (ＵＳＤ１２，０００、８％) and ￥ to half-width, one character for one, so offsets stay valid. */
function toHalfWidth(text: string): string {
  return text.replace(/[\uff01-\uff5e]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0)).replace(/￥/g, "¥");
}
