import type { SpecialistSummary } from "../../domain";
import { extractQuestionEntities } from "../../tools/question/question-entities";
import { ACQUISITION_HINTS, OFF_TOPIC_TERMS, PROCUREMENT_TERMS } from "./scope-terms";
import { specialistLikeness } from "./specialist-likeness";
import { containsPhrase, normalize } from "../../tools/text/words";
import type { QuestionVocabulary } from "../../tools/question/vocabulary";

/** A question is in procurement scope when its lexical score reaches this. */
const SCOPE_THRESHOLD = 2;

const WEIGHT = {
  procurement: 2,
  specialistKeyword: 1,
  topic: 1,
  category: 1,
  acquisition: 1,
  amount: 2,
  supplier: 2,
  unknownName: 1,
  learned: 1,
  offTopic: -3,
} as const;

/** Question-shape topics (periods, groupings, comparisons) that say nothing about procurement on their own. */
const NEUTRAL_TOPICS = new Set(["trend", "quarter", "month", "lastYear", "thisYear", "comparison", "byCostCenter"]);

/** With the off-topic words that count against it (the reason it gives). */
export interface ScopeAssessment {
  inScope: boolean;
  score: number;
  offTopic: string[];
}

/**
 * From the text alone: procurement words, names, categories, amounts, keywords and the learned likeness count for it, other departments'
 * topics against. A question without any specialist keyword ("Where do we usually get our laptops from?") is still answered; gibberish
 * is not.
 */
export function assessScope(question: string, specialists: readonly SpecialistSummary[], vocabulary: QuestionVocabulary): ScopeAssessment {
  let score = 0;
  const count = (terms: readonly string[], weight: number, cap = Infinity, text = question): string[] => {
    const found = [...new Set(terms.filter((term) => containsPhrase(text, term)))];
    score += weight * Math.min(found.length, cap);
    return found;
  };
  count(PROCUREMENT_TERMS, WEIGHT.procurement, 2);
  count(
    specialists.flatMap((s) => s.keywords),
    WEIGHT.specialistKeyword,
    2,
  );
  count(ACQUISITION_HINTS, WEIGHT.acquisition, 2);
  const entities = extractQuestionEntities(question, vocabulary, new Date(0));
  const add = (weight: number, found: readonly unknown[]) => (score += weight * Math.min(found.length, 1));
  add(
    WEIGHT.topic,
    [...entities.topics].filter((topic) => !NEUTRAL_TOPICS.has(topic)),
  );
  add(WEIGHT.category, entities.categories.slice(0, 1));
  add(
    WEIGHT.supplier,
    entities.suppliers.slice(0, 1).map((supplier) => supplier.name),
  );
  // A name the data does not have counts less: with a procurement word it is a question about a
  // supplier ("How risky is Sakura Seiki?"), alone it may be anyone ("Who is Taylor Swift?").
  if (entities.suppliers.length === 0) add(WEIGHT.unknownName, entities.unresolvedSuppliers.slice(0, 1));
  add(
    WEIGHT.amount,
    entities.amounts.slice(0, 1).map((amount) => amount.text),
  );
  // Nearer a specialist's examples than other departments' questions: it confirms another sign (a
  // category, a name) in words no list holds, but decides nothing alone (gibberish is near something).
  if (score > 0 && specialistLikeness(question, specialists).procurement) score += WEIGHT.learned;
  // A supplier's name is no topic: "Helix HR Systems" is not a question about an HR system.
  const unnamed = entities.suppliers
    .flatMap((supplier) => [supplier.name, ...supplier.aliases])
    .reduce((text, name) => text.split(normalize(name)).join(" "), normalize(question));
  const offTopic = count(OFF_TOPIC_TERMS, WEIGHT.offTopic, Infinity, unnamed);
  return { inScope: score >= SCOPE_THRESHOLD, score, offTopic };
}
