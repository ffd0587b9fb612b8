import type { SpecialistSummary } from "../../domain";
import { extractQuestionEntities } from "./question-entities";
import { containsPhrase } from "./text";
import type { OfflineVocabulary } from "./vocabulary";

/** A question is in procurement scope when its lexical score reaches this. */
export const SCOPE_THRESHOLD = 2;

/** Words that make a question about procurement on their own: buying, suppliers, contracts, money. */
const PROCUREMENT_TERMS = [
  "buy",
  "purchase",
  "procure",
  "procurement",
  "order",
  "supplier",
  "suppliers",
  "supply",
  "supplies",
  "vendor",
  "vendors",
  "provider",
  "providers",
  "contract",
  "agreement",
  "invoice",
  "spend",
  "spent",
  "outlay",
  "cost",
  "price",
  "pricing",
  "fee",
  "paid",
  "pay",
  "overpay",
  "payment terms",
  "quote",
  "quotation",
  "tender",
  "bid",
  "rfp",
  "rfq",
  "budget",
  "sourcing",
  "single-source",
  "sole source",
  "negotiate",
  "discount",
  "renew",
  "licence",
  "license",
  "subscription",
  "lease",
  "lead time",
  "sla",
  "benchmark",
  "market rate",
  "sanction",
  "sanctions list",
  "onboard",
  "certified",
  "iso 9001",
  "purchase order",
  "po",
  "approval route",
  "cpo",
  "deal",
  "catering",
  "agency",
  "courier",
  "購入",
  "購買",
  "調達",
  "発注",
  "注文",
  "取引先",
  "仕入",
  "サプライヤー",
  "ベンダー",
  "業者",
  "契約",
  "請求",
  "支出",
  "費用",
  "コスト",
  "価格",
  "単価",
  "料金",
  "見積",
  "入札",
  "決裁",
  "予算",
  "交渉",
  "値引",
  "値上げ",
  "値下げ",
  "ライセンス",
  "支払",
  "納期",
  "納品",
  "ベンチマーク",
  "制裁",
  "買い",
  "買う",
  "手配",
  "取り寄せ",
  "委託",
  "外注",
  "リース",
  "相場",
  "市場価格",
  "設備投資",
  "備品",
  "発注額",
  "調達先",
];

/** Things companies buy and ways of asking for them: procurement only together with another sign. */
const ACQUISITION_HINTS = [
  "need",
  "want",
  "get",
  "where do we get",
  "who supplies",
  "chair",
  "chairs",
  "desk",
  "furniture",
  "monitor",
  "monitors",
  "headset",
  "headsets",
  "helmet",
  "helmets",
  "toner",
  "printer",
  "equipment",
  "car",
  "cars",
  "vehicle",
  "switch",
  "provider",
  "rent",
  "hire",
  "service",
  "services",
  "machine",
  "copier",
  "paper",
  "椅子",
  "机",
  "家具",
  "モニター",
  "トナー",
  "プリンター",
  "社用車",
  "そろえ",
  "替え",
  "見直し",
  "依頼",
  "コピー機",
  "導入",
  "入れたい",
  "頼みたい",
  "探して",
];

/** Other departments' topics, small talk and chit-chat: each weighs against procurement. */
const OFF_TOPIC_TERMS = [
  "weather",
  "forecast",
  "rain",
  "snow",
  "temperature",
  "typhoon",
  "joke",
  "poem",
  "recipe",
  "movie",
  "film",
  "football",
  "soccer",
  "baseball",
  "match last night",
  "score of",
  "vacation",
  "holiday",
  "sick leave",
  "parental leave",
  "annual leave",
  "paid leave",
  "leave request",
  "payday",
  "payslip",
  "salary",
  "payroll",
  "password",
  "vpn",
  "wi-fi",
  "wifi",
  "login",
  "log in",
  "health insurance",
  "capital of",
  "translate",
  "meeting room",
  "phone number",
  "hr system",
  "home address",
  "promotion",
  "lunch",
  "restaurant",
  "quantum",
  "lorem ipsum",
  "what time is it",
  "hello",
  "thanks",
  "thank you",
  "天気",
  "雨",
  "雪",
  "気温",
  "台風",
  "冗談",
  "面白い話",
  "レシピ",
  "映画",
  "試合",
  "有給",
  "休暇",
  "産休",
  "育休",
  "病欠",
  "給料",
  "給与",
  "賞与",
  "パスワード",
  "vpn",
  "wi-fi",
  "ログイン",
  "健康診断",
  "会議室",
  "社員食堂",
  "メニュー",
  "ラーメン",
  "年末調整",
  "昇進",
  "人事評価",
  "こんにちは",
  "ありがとう",
];

const WEIGHT = {
  procurement: 2,
  specialistKeyword: 1,
  topic: 1,
  category: 1,
  acquisition: 1,
  amount: 2,
  supplier: 2,
  offTopic: -3,
} as const;

/** Question-shape topics (periods, groupings, comparisons) that say nothing about procurement on their own. */
const NEUTRAL_TOPICS = new Set(["trend", "quarter", "month", "lastYear", "thisYear", "comparison", "byCostCenter"]);

/** How the offline engine judged a question's scope, with the words that decided it. */
export interface ScopeAssessment {
  inScope: boolean;
  score: number;
  signals: string[];
  offTopic: string[];
}

/**
 * Whether a question is about procurement, from its text alone: procurement words, a named
 * supplier, a spend category, an amount and the specialists' keywords count for it; other
 * departments' topics and small talk count against it. In scope at `SCOPE_THRESHOLD` or more, so a
 * question phrased without any specialist keyword ("Where do we usually get our laptops from?")
 * is still answered, and gibberish (no known word) is not.
 */
export function assessScope(question: string, specialists: readonly SpecialistSummary[], vocabulary: OfflineVocabulary): ScopeAssessment {
  const signals: string[] = [];
  let score = 0;
  const count = (terms: readonly string[], weight: number, cap = Infinity): string[] => {
    const found = [...new Set(terms.filter((term) => containsPhrase(question, term)))];
    score += weight * Math.min(found.length, cap);
    return found;
  };
  signals.push(...count(PROCUREMENT_TERMS, WEIGHT.procurement, 2));
  signals.push(
    ...count(
      specialists.flatMap((s) => s.keywords),
      WEIGHT.specialistKeyword,
      2,
    ),
  );
  signals.push(...count(ACQUISITION_HINTS, WEIGHT.acquisition, 2));
  const entities = extractQuestionEntities(question, vocabulary, new Date(0));
  const add = (weight: number, found: string[]) => ((score += weight * Math.min(found.length, 1)), signals.push(...found));
  add(
    WEIGHT.topic,
    [...entities.topics].filter((topic) => !NEUTRAL_TOPICS.has(topic)),
  );
  add(WEIGHT.category, entities.categories.slice(0, 1));
  add(
    WEIGHT.supplier,
    entities.suppliers.slice(0, 1).map((supplier) => supplier.name),
  );
  add(
    WEIGHT.amount,
    entities.amounts.slice(0, 1).map((amount) => amount.text),
  );
  const offTopic = count(OFF_TOPIC_TERMS, WEIGHT.offTopic);
  return { inScope: score >= SCOPE_THRESHOLD, score, signals: [...new Set(signals)], offTopic };
}
