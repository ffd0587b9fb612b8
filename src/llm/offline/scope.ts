import type { SpecialistSummary } from "../../domain";
import { extractQuestionEntities } from "../../tools/question/question-entities";
import { ACQUISITION_HINTS, OFF_TOPIC_TERMS, PROCUREMENT_TERMS } from "./scope-terms";
import { specialistLikeness } from "./specialist-likeness";
import { containsPhrase, normalize } from "../../tools/text/words";
import type { QuestionVocabulary } from "../../tools/question/vocabulary";

/** A question is in procurement scope when its lexical score reaches this. */
const SCOPE_THRESHOLD = 2;
/** Each off-topic word weighs this much against procurement. */
const OFF_TOPIC_WEIGHT = -3;

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
