import type { JpyRates } from "../../domain/amounts";
import type { Clock, EvidencePlanner } from "../../workflow/ports";
import { extractQuestionEntities } from "./question-entities";
import { planToolCalls } from "./tool-plan";
import type { OfflineVocabulary } from "./vocabulary";

/**
 * The evidence planner of every provider: the offline engine's question entities (suppliers and
 * categories known to the data, fiscal years, amounts) and its tool plan, the same calls a
 * specialist's first turn would make. No model is involved, so it runs while the Router decides.
 */
export function createQuestionEvidencePlanner(options: {
  vocabulary: OfflineVocabulary;
  clock: Clock;
  jpyRates?: JpyRates;
}): EvidencePlanner {
  return {
    plan: async (question, specialist, tools) => {
      if (tools.length === 0) return [];
      await options.vocabulary.contractIds.ready();
      const entities = extractQuestionEntities(question.text, options.vocabulary, options.clock.now(), options.jpyRates);
      return planToolCalls({ question: question.text, language: question.language, specialist }, tools, entities, {
        broaden: false,
        avoid: [],
        fiscalYearStartMonth: options.vocabulary.fiscalYearStartMonth,
      });
    },
  };
}
