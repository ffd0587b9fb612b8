import type { SpecialistSummary } from "../../domain";
import { extractQuestionEntities } from "../../tools/question/question-entities";
import { specialistLikeness } from "./specialist-likeness";
import { containsPhrase, normalize, termList } from "../../tools/text/words";
import type { QuestionVocabulary } from "../../tools/question/vocabulary";

/** A question is in procurement scope when its lexical score reaches this. */
const SCOPE_THRESHOLD = 2;
/** Each off-topic word weighs this much against procurement. */
const OFF_TOPIC_WEIGHT = -3;

/** Words that make a question about procurement on their own: buying, suppliers, contracts, money. */
const PROCUREMENT_TERMS = termList(`
  buy|purchase|procure|procurement|order|supplier|suppliers|supply|supplies|vendor|vendors|provider|providers|contract|agreement|
  invoice|spend|spent|outlay|cost|price|pricing|fee|paid|pay|overpay|payment terms|quote|quotation|tender|bid|rfp|rfq|budget|
  sourcing|single-source|sole source|negotiate|discount|renew|licence|license|subscription|lease|lead time|sla|benchmark|market rate|
  sanction|sanctions list|onboard|certified|iso 9001|purchase order|po|approval route|cpo|deal|catering|agency|courier|購入|購買|調達|発注|
  注文|取引先|仕入|サプライヤー|ベンダー|業者|契約|請求|支出|費用|コスト|価格|単価|料金|見積|入札|決裁|予算|交渉|値引|値上げ|値下げ|ライセンス|支払|納期|納品|ベンチマーク|制裁|買い|買う|手配|取り寄せ|委託|外注|リース|相場|
  市場価格|設備投資|備品|発注額|調達先
`);

/** Things companies buy and ways of asking for them: procurement only together with another sign. */
const ACQUISITION_HINTS = termList(`
  need|want|get|where do we get|who supplies|chair|chairs|desk|furniture|monitor|monitors|headset|headsets|helmet|helmets|toner|
  printer|equipment|car|cars|vehicle|switch|provider|rent|hire|service|services|machine|copier|paper|椅子|机|家具|モニター|トナー|プリンター|社用車|そろえ|
  替え|見直し|依頼|コピー機|導入|入れたい|頼みたい|探して
`);

/** Other departments' topics, small talk and chit-chat: each weighs against procurement. */
const OFF_TOPIC_TERMS = termList(`
  weather|forecast|rain|snow|temperature|typhoon|joke|poem|recipe|movie|film|football|soccer|baseball|match last night|score of|
  vacation|holiday|sick leave|parental leave|annual leave|paid leave|leave request|payday|payslip|salary|payroll|password|vpn|wi-fi|
  wifi|login|log in|health insurance|capital of|translate|meeting room|phone number|hr system|home address|promotion|lunch|
  restaurant|quantum|lorem ipsum|what time is it|hello|thanks|thank you|天気|雨|雪|気温|台風|冗談|面白い話|レシピ|映画|試合|有給|休暇|産休|育休|病欠|給料|給与|賞与|パスワード|
  vpn|wi-fi|ログイン|健康診断|会議室|社員食堂|メニュー|ラーメン|年末調整|昇進|人事評価|こんにちは|ありがとう
`);

/** Question-shape topics (periods, groupings, comparisons) that say nothing about procurement on their own. */
const NEUTRAL_TOPICS = new Set(["trend", "quarter", "month", "lastYear", "thisYear", "comparison", "byCostCenter"]);

/**
 * From the text alone: procurement words, names, categories, amounts, keywords and the learned likeness count for it, other departments'
 * topics (`offTopic`, the reason it gives) against. A question without any specialist keyword ("Where do we usually get our laptops from?") is still answered; gibberish
 * is not.
 */
export function assessScope(question: string, specialists: readonly SpecialistSummary[], vocabulary: QuestionVocabulary) {
  const found = (terms: readonly string[], text = question) => [...new Set(terms.filter((term) => containsPhrase(text, term)))];
  const entities = extractQuestionEntities(question, vocabulary, new Date(0));
  // Each sign weighs its weight per thing found, up to its cap. A name the data does not have counts less: with a procurement word it is
  // a question about a supplier ("How risky is Sakura Seiki?"), alone it may be anyone ("Who is Taylor Swift?").
  const signs: [weight: number, cap: number, found: readonly unknown[]][] = [
    [2, 2, found(PROCUREMENT_TERMS)],
    [1, 2, found(specialists.flatMap((s) => s.keywords))],
    [1, 2, found(ACQUISITION_HINTS)],
    [1, 1, [...entities.topics].filter((topic) => !NEUTRAL_TOPICS.has(topic))],
    [1, 1, entities.categories],
    [2, 1, entities.suppliers],
    [1, 1, entities.suppliers.length === 0 ? entities.unresolvedSuppliers : []],
    [2, 1, entities.amounts],
  ];
  let score = signs.reduce((sum, [weight, cap, things]) => sum + weight * Math.min(things.length, cap), 0);
  // Nearer a specialist's examples than other departments' questions: it confirms another sign (a
  // category, a name) in words no list holds, but decides nothing alone (gibberish is near something).
  if (score > 0 && specialistLikeness(question, specialists).procurement) score += 1;
  // A supplier's name is no topic: "Helix HR Systems" is not a question about an HR system.
  const unnamed = entities.suppliers
    .flatMap((supplier) => [supplier.name, ...supplier.aliases])
    .reduce((text, name) => text.split(normalize(name)).join(" "), normalize(question));
  const offTopic = found(OFF_TOPIC_TERMS, unnamed);
  score += OFF_TOPIC_WEIGHT * offTopic.length;
  return { inScope: score >= SCOPE_THRESHOLD, score, offTopic };
}
