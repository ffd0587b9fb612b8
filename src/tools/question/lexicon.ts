import { termList as terms } from "../text/words";

/** Chooses tools and their arguments; the Router itself matches each specialist's own keywords, not this table. */
export const LEXICON = {
  trend: terms("trend|over time|year over year|yoy|history|推移|前年比|前年度比|年度別|経年|変化"),
  quarter: terms("quarter|quarterly|四半期"),
  month: terms("monthly|by month|per month|month by month|月次|月別|毎月|月ごと"),
  byCategory: terms("by category|per category|category breakdown|カテゴリ別|カテゴリー別|分野別"),
  bySupplier: terms("by supplier|per supplier|top supplier|top suppliers|largest supplier|biggest supplier|取引先別|サプライヤー別|上位"),
  byCostCenter: terms("cost center|cost centre|department|部門別|部署別|コストセンター"),
  lastYear: terms("last year|last fiscal year|previous year|previous fiscal year|prior year|昨年度|前年度|昨年|去年|前期"),
  thisYear: terms("this year|this fiscal year|current year|current fiscal year|今年度|本年度|今期|今年"),
  spend: terms(
    "spend|spending|spent|total|how much|volume|purchase|purchases|invoice|支出|推移|金額|合計|いくら|実績|購買|発注額|取引額|支払",
  ),
  contract: terms(
    "contract|renew|renewal|clause|terms|termination|terminate|notice|agreement|price cap|契約|更新|条項|解約|解除|通知|覚書",
  ),
  price: terms(
    "price|pricing|cost|rate|discount|increase|benchmark|market|cheaper|expensive|価格|単価|値上げ|値引|値下げ|割引|相場|高い|安い|料金",
  ),
  policy: terms(
    "policy|rule|approval|approve|threshold|quote|quotes|rfp|rfq|ethics|gift|bribery|compliance|process|規程|規定|承認|決裁|見積|入札|倫理|贈答|接待|手続|ルール",
  ),
  alternatives: terms(
    "alternative|alternatives|other supplier|other suppliers|new supplier|replace|switch|candidates|options|代替|候補|他社|切り替え|乗り換え|新規",
  ),
  risk: terms("risk|risks|risky|riskiest|リスク|危険"),
  comparison: terms("compare|comparison|versus|vs|difference|higher|lower|比較|違い|差"),
};

export const REGION_TERMS: Readonly<Record<string, readonly string[]>> = {
  JP: ["japan", "japanese", "domestic", "国内", "日本"],
  US: ["usa", "united states", "america", "american", "米国", "アメリカ"],
  EU: ["europe", "european", "eu", "欧州", "ヨーロッパ"],
  APAC: ["apac", "asia", "asian", "アジア"],
};

/** So document search finds the governing section ("quotes" → the sourcing thresholds that speak of "quotations"). */
export const QUERY_EXPANSIONS: readonly { triggers: readonly string[]; add: string }[] = [
  { triggers: ["quote", "quotes", "rfq", "rfp", "bid", "見積", "相見積", "入札"], add: "quotations thresholds 基準額 見積" },
  { triggers: ["approve", "approval", "approver", "sign off", "承認", "決裁", "承認者"], add: "approval thresholds authority 承認基準" },
  { triggers: ["gift", "gifts", "hospitality", "entertainment", "贈答", "接待"], add: "gifts hospitality 贈答 接待" },
  { triggers: ["renew", "renewal", "更新"], add: "renewal notice 更新 通知" },
  { triggers: ["increase", "値上げ", "価格改定"], add: "price increase cap 値上げ 上限" },
  { triggers: ["sanction", "sanctions", "sanctioned", "制裁", "反社"], add: "sanctions screening 制裁" },
];

/** Added to a search query when the question names an amount: thresholds decide such questions. */
export const AMOUNT_QUERY_EXPANSION = "thresholds 基準額";
