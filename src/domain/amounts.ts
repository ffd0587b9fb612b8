export type Currency = "JPY" | "USD" | "EUR";

export type JpyRates = Readonly<Record<Currency, number>>;

/** Default corporate conversion rates to JPY; the sample data set normalises with the same rates. */
const JPY_PER_UNIT: JpyRates = { JPY: 1, USD: 150, EUR: 160 };

/** Kept to the sen (USD 12.35 at 150 is ¥1,852.50): rows are summed at that precision and rounded once for display, or totals drift. */
export function toJpy(value: number, currency: Currency, rates: JpyRates = JPY_PER_UNIT): number {
  return toSen(value * rates[currency]);
}

/** A yen amount to the sen, with the binary fraction's noise removed (0.1 + 0.2 → 0.3). */
export function toSen(yen: number): number {
  return Math.round(yen * 100) / 100;
}

const KANJI_DIGIT = "〇一二三四五六七八九";
const SMALL_UNIT: Record<string, number> = { 十: 10, 百: 100, 千: 1e3 };
const LARGE_UNIT: Record<string, number> = { 万: 1e4, 億: 1e8, 兆: 1e12 };
/** Each word of a space-separated list with its value, by its place in the list. */
function valued<V>(words: string, value: (index: number) => V): [string, V][] {
  return words.split(" ").map((word, index) => [word, value(index)]);
}

const MULTIPLIER: Record<string, number> = Object.fromEntries([
  ...valued("k thousand", () => 1e3),
  ...valued("m mm mn mil mio million", () => 1e6),
  ...valued("b bn billion", () => 1e9),
  ...valued("tn trillion", () => 1e12),
]);
const WORD_VALUE: Record<string, number> = Object.fromEntries([
  ["a", 1],
  ...valued(
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen",
    (i) => i + 1,
  ),
  ...valued("twenty thirty forty fifty sixty seventy eighty ninety", (i) => (i + 2) * 10),
]);
const WORD_SCALE: Record<string, number> = { hundred: 100, thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12 };
const PREFIX_CURRENCY: Record<string, Currency> = { "¥": "JPY", jpy: "JPY", us$: "USD", usd: "USD", $: "USD", "€": "EUR", eur: "EUR" };
const SUFFIX_CURRENCY: Record<string, Currency> = Object.fromEntries([
  ...valued("円 yen jpy", () => "JPY" as const),
  ...valued("usd dollar dollars ドル", () => "USD" as const),
  ...valued("eur euro euros ユーロ", () => "EUR" as const),
]);

const JA_DIGITS = `\\d${KANJI_DIGIT}`;
const JA_CHARS = `[${JA_DIGITS}十百千万億兆.,]`;
/** "5千万", "1.2億", "1,200 万", "百万": digits and kanji units, at least one unit, starting with a digit or a unit that makes sense alone. */
const JA_BODY = String.raw`[${JA_DIGITS}][${JA_DIGITS}.,]*\s?[十百千万億兆]${JA_CHARS}*|[十百千]${JA_CHARS}*?[万億兆]${JA_CHARS}*`;
/** "50,000,000", "50 000 000", "50.000.000", "50'000'000", "1,200.50", "1.5", "5e7". */
const LATIN_NUMBER = String.raw`\d{1,3}(?:[,.'’ \u00a0\u202f]\d{3})+(?:[.,]\d+)?(?!\d)|\d+(?:[.,]\d+)?(?:e[+-]?\d+)?`;
const MULTIPLIER_WORD = String.raw`k|thousand|mm|mn|mil|mio|million|m|bn|billion|b|tn|trillion`;
const NUMBER_WORD = [...Object.keys(WORD_VALUE), ...Object.keys(WORD_SCALE)].sort((a, b) => b.length - a.length).join("|");
const WORDS = String.raw`\b(?:${NUMBER_WORD})(?:(?:[\s-]+(?:and[\s-]+)?)(?:${NUMBER_WORD}))*\b`;

const AMOUNT_PATTERN = new RegExp(
  [
    String.raw`(?<prefix>US\$|\$|¥|€|\b(?:JPY|USD|EUR)(?![A-Za-z]))?\s?`,
    String.raw`(?:(?<ja>${JA_BODY})|(?<number>${LATIN_NUMBER})(?:\s?(?<multiplier>${MULTIPLIER_WORD})\b)?|(?<words>${WORDS}))`,
    String.raw`(?:\s?(?<suffix>円|yen\b|JPY\b|USD\b|dollars?\b|ドル|EUR\b|euros?\b|ユーロ))?`,
  ].join(""),
  "gi",
);

const PERCENT_PATTERN = /(?<![\d.])(?<sign>[+\-−])?\s?(?<number>\d+(?:\.\d+)?)\s?(?:%|percent\b|パーセント)/gi;

/** A number counts only with a currency (symbol, code, word) or a Japanese unit (万/億/兆 imply yen): years, ids and counts are not amounts. */
export function extractAmounts(text: string, rates: JpyRates = JPY_PER_UNIT) {
  const normalised = toHalfWidth(text);
  const amounts: { value: number; currency: Currency; jpy: number; text: string }[] = [];
  for (const match of normalised.matchAll(AMOUNT_PATTERN)) {
    const groups = match.groups as Record<string, string | undefined>;
    const body = groups.ja ?? groups.number ?? groups.words;
    // AMOUNT_PATTERN's alternatives each capture one of these groups.
    if (body === undefined) throw new Error(`amount pattern matched "${match[0]}" without a number`);
    const currency =
      currencyOf(groups.prefix, groups.suffix) ?? (groups.ja !== undefined && /[万億兆]/.test(groups.ja) ? "JPY" : undefined);
    if (currency === undefined) continue;
    const bodyAt = match.index + match[0].indexOf(body);
    const start = groups.prefix === undefined ? bodyAt : match.index;
    if (groups.prefix === undefined && groups.words === undefined && /[A-Za-z0-9._]/.test(normalised.charAt(start - 1))) continue;
    const value = valueOf(groups, body, currency);
    if (value === undefined || !Number.isFinite(value) || value <= 0) continue;
    const end = match.index + match[0].replace(/[\s.,]+$/, "").length;
    amounts.push({ value: toSen(value), currency, jpy: toJpy(value, currency, rates), text: text.slice(start, end) });
  }
  return amounts;
}

export function largestAmountJpy(text: string, rates: JpyRates = JPY_PER_UNIT): number {
  return Math.max(0, ...extractAmounts(text, rates).map((amount) => amount.jpy));
}

/** Percentages mentioned in text, signed: "+8%" → 8, "8 %" → 8, "８％" → 8, "-3.5%" → -3.5. */
export function extractPercentages(text: string): number[] {
  return [...toHalfWidth(text).matchAll(PERCENT_PATTERN)].map((match) => {
    const value = Number(match.groups?.number);
    return match.groups?.sign === undefined || match.groups.sign === "+" ? value : -value;
  });
}

function valueOf(groups: Record<string, string | undefined>, body: string, currency: Currency): number | undefined {
  if (groups.ja !== undefined) return kanjiAmount(groups.ja.replace(/[.,]+$/, ""));
  if (groups.words !== undefined) return wordsAmount(groups.words);
  const multiplier = groups.multiplier === undefined ? 1 : MULTIPLIER[groups.multiplier.toLowerCase()];
  return latinNumber(body, currency, multiplier !== 1) * multiplier;
}

function currencyOf(prefix: string | undefined, suffix: string | undefined): Currency | undefined {
  if (prefix !== undefined) return PREFIX_CURRENCY[prefix.toLowerCase()];
  if (suffix !== undefined) return SUFFIX_CURRENCY[suffix.toLowerCase()];
  return undefined;
}

/** Both comma and period: the last is decimal. One repeated: thousands. One followed by three digits: thousands, except a period in dollars or before a multiplier. */
function latinNumber(raw: string, currency: Currency, scaled: boolean): number {
  if (/e/i.test(raw)) return Number(raw);
  const text = raw.replace(/[\s'’\u00a0\u202f]/g, "");
  const marks = text.replace(/\d/g, "");
  if (marks.length === 0) return Number(text);
  const last = marks[marks.length - 1];
  if (marks.includes(",") && marks.includes(".")) return decimalAt(text, last);
  if (marks.length > 1) return Number(text.replace(/[.,]/g, ""));
  const fraction = text.slice(text.indexOf(last) + 1);
  const thousands = fraction.length === 3 && !(last === "." && (currency === "USD" || scaled));
  return thousands ? Number(text.replace(last, "")) : decimalAt(text, last);
}

function decimalAt(text: string, mark: string): number {
  const at = text.lastIndexOf(mark);
  return Number(`${text.slice(0, at).replace(/[.,]/g, "")}.${text.slice(at + 1)}`);
}

/** "1億2,000万" → 120,000,000, "三千五百万" → 35,000,000: 十/百/千 build a group below 万; 万/億/兆 multiply the group before them. */
function kanjiAmount(amount: string): number {
  let total = 0;
  let group = 0;
  let pending: number | undefined;
  for (const [token] of amount.replace(/\s/g, "").matchAll(/\d+(?:[.,]\d+)*|./g)) {
    if (/^\d/.test(token)) pending = Number(token.replace(/,/g, ""));
    else if (KANJI_DIGIT.includes(token)) pending = (pending ?? 0) * 10 + KANJI_DIGIT.indexOf(token);
    else if (token in SMALL_UNIT) {
      group += (pending ?? 1) * SMALL_UNIT[token];
      pending = undefined;
    } else if (token in LARGE_UNIT) {
      total += (group + (pending ?? 0) || 1) * LARGE_UNIT[token];
      group = 0;
      pending = undefined;
    }
  }
  return total + group + (pending ?? 0);
}

/** "fifty million" → 50,000,000, "two hundred thousand" → 200,000, "a million" → 1,000,000. */
function wordsAmount(words: string): number | undefined {
  const tokens = words
    .toLowerCase()
    .split(/[\s-]+/)
    .filter((token) => token !== "and");
  if (tokens.every((token) => token === "a")) return undefined;
  let total = 0;
  let current = 0;
  for (const token of tokens) {
    if (token in WORD_VALUE) current += WORD_VALUE[token];
    else if (token === "hundred") current = (current || 1) * 100;
    else {
      total += (current || 1) * WORD_SCALE[token];
      current = 0;
    }
  }
  return total + current;
}

/** Full-width ASCII (ＵＳＤ１２，０００、８％), ￥ and the ideographic space to half-width, one character for one, so offsets stay valid. */
function toHalfWidth(text: string): string {
  return text
    .replace(/[\uff01-\uff5e]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0))
    .replace(/￥/g, "¥")
    .replace(/\u3000/g, " ");
}
