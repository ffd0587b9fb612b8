import { fiscalYearIn } from "./fiscal-year";
import { categoryLabel, categoryNamesJa, isCategoryId } from "./category-terms";

/**
 * The data tools write their evidence quotes and digests in English. For a Japanese question their
 * own fixed wording is restated in Japanese when they run (figures, names, ids and quoted document
 * text stay as they are), so every citation reads in the asker's language and a specialist can cite
 * a record by its reference instead of writing it out again in Japanese (output tokens, and time,
 * before the Moderator can start).
 */
const MONTH_NUMBER: Record<string, string> = Object.fromEntries(
  ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].map((month, index) => [month, `${index + 1}月`]),
);
const RISK: Record<string, string> = { low: "低", medium: "中", high: "高" };
const STATUS: Record<string, string> = {
  active: "有効",
  expiring: "満了間近",
  expired: "期限切れ",
  pending: "締結前",
  terminated: "解約済み",
  draft: "草案",
};

const RULES: [RegExp, string | ((...groups: string[]) => string)][] = [
  [
    /^SANCTIONS FLAG: (.+) is flagged by sanctions screening — no new orders or payments/,
    "制裁フラグ: $1は制裁スクリーニングで該当 — 新規の発注・支払はできません",
  ],
  [/^largest: /, "最大の取引: "],
  [/^(FY\d{4}) spend /, "$1の支出 "],
  [/; (FY\d{4}) to date /, "、$1の累計 "],
  [/^(FY\d{4}) vs (FY\d{4}): /, "$1（対$2）: "],
  [/full fiscal years/, "通期比較"],
  // The months start where the data set's fiscal year starts (April, or January, October…).
  [
    /same months \((\w+)–(\w+)\) of both years/,
    (_m, from, to) => `両年度の同期間（${MONTH_NUMBER[from] ?? from}〜${MONTH_NUMBER[to] ?? to}）`,
  ],
  [/ in ([\d,]+) transactions?/g, "（$1件）"],
  [/\(([\d,]+) transactions?, /g, "（$1件、"],
  [/\bauto-renews unless notice (\d+) days before end \(by ([\d-]+)\)/g, "終了$1日前（$2）までに通知しない限り自動更新"],
  [/\bno auto-renewal; renewal talks (\d+) days before end \(by ([\d-]+)\)/g, "自動更新なし、終了$1日前（$2）までに更新交渉"],
  [/\bprice increase cap (\d+(?:\.\d+)?)% per year/g, "値上げ上限 年$1%"],
  [/\bno cap on price adjustments/g, "価格改定の上限なし"],
  [/\b(low|medium|high) risk\b/g, (_m, level) => `リスク${RISK[level]}`],
  [/\bsanctions clear\b/g, "制裁該当なし"],
  [/\bsanctions flagged\b|\bSANCTIONS FLAG\b/g, "制裁該当あり"],
  [/, preferred\b/g, "、推奨取引先"],
  [/\bon-time (\d+(?:\.\d+)?)%/g, "納期遵守率$1%"],
  [/\bon-time —/g, "納期遵守率—"],
  [/\bquality (\d+(?:\.\d+)?|—)/g, "品質スコア$1"],
  [/\b(\d+) incidents? in 12 months/g, "過去12か月のインシデント$1件"],
  [/\bincidents — in 12 months/g, "過去12か月のインシデント—"],
  [/\bsupplier since (\d{4})/g, "$1年から取引"],
  [/\bsupplier since —/g, "取引開始年—"],
  [/\bno certifications on file\b/g, "認証の登録なし"],
  [
    /\b(active|expiring|expired|pending|terminated|draft), ends (\d{4}-\d{2}-\d{2})/g,
    (_m, status, date) => `${STATUS[status]}、${date}終了`,
  ],
  [/\bcap none\b/g, "値上げ上限なし"],
  [/\bcap (\d+(?:\.\d+)?%)/g, "値上げ上限$1"],
  [/, (active|expiring|expired|pending|terminated|draft), /g, (_m, status) => `、${STATUS[status]}、`],
  [/\/year\b/g, "/年"],
  [/(\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})/g, "$1〜$2"],
  [/^(price adjustment|renewal|termination|liability|payment|sla) clause: /, (_m, kind) => `${CLAUSE[kind] ?? kind}条項: `],
  [/: median /g, ": 中央値 "],
  [/\(p25 /g, "（p25 "],
  [/; typical annual increase (\d+(?:\.\d+)?)% \((.+), as of ([\d-]+)\)$/, "、標準的な年間値上げ率 $1%（$2、$3時点）"],
];

const CLAUSE: Record<string, string> = {
  "price adjustment": "価格調整",
  renewal: "更新",
  termination: "解約",
  liability: "責任",
  payment: "支払",
  sla: "SLA",
};

/** A tool's result with its digest and evidence quotes in Japanese wording, the data set's category names included. */
export function toolResultInJapanese<T extends { data: unknown; digest: string; evidence: readonly { quote: string }[] }>(result: T): T {
  const namesJa = categoryNamesJa(categoriesIn(result.data));
  return {
    ...result,
    digest: result.digest && toJapaneseQuote(result.digest, namesJa),
    evidence: result.evidence.map((item) => ({ ...item, quote: toJapaneseQuote(item.quote, namesJa) })),
  };
}

/** The categories a tool's data names with their data set's Japanese names (a spend query's filters, listed suppliers). */
function categoriesIn(data: unknown, depth = 0): { category: string; categoryNameJa: string }[] {
  if (depth > 6 || data === null || typeof data !== "object") return [];
  if (Array.isArray(data)) return data.flatMap((item) => categoriesIn(item, depth + 1));
  const value = data as Record<string, unknown>;
  const own =
    typeof value.category === "string" && typeof value.categoryNameJa === "string"
      ? [{ category: value.category, categoryNameJa: value.categoryNameJa }]
      : [];
  return [...own, ...Object.values(value).flatMap((child) => categoriesIn(child, depth + 1))];
}

/** A tool's quote or digest in Japanese wording; text the tools quote from documents is kept. */
export function toJapaneseQuote(text: string, namesJa: ReadonlyMap<string, string> = new Map()): string {
  return localiseScope(
    RULES.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement as string), text),
    namesJa,
  );
}

/**
 * A bracketed list naming a category in Japanese — a spend quote's scope ("… (logistics, FY2025)") or a
 * profile's "(logistics, JP)" — the category by its label and the fiscal year as 年度 (「（物流、2025年度）」).
 * Only whole parts of such a bracket change, so a name such as "Hayabusa Logistics" is never touched.
 * A data set's own category (`namesJa`, its Japanese names by id) is named as the data set names it.
 */
function localiseScope(text: string, namesJa: ReadonlyMap<string, string>): string {
  const isCategory = (part: string) => isCategoryId(part) || namesJa.has(part);
  return text.replace(/ ?\(([^()]+)\)/g, (whole, scope: string) => {
    const parts = scope.split(/, |、/);
    if (!parts.some(isCategory)) return whole;
    const localised = parts.map((part) => (isCategory(part) ? categoryLabel(part, "ja", namesJa.get(part)) : fiscalYearIn(part, "ja")));
    return `（${localised.join("、")}）`;
  });
}
