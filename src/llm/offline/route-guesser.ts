import type { RouteGuesser } from "../../workflow/ports";
import { routeOffline } from "./router";
import type { OfflineVocabulary } from "./vocabulary";

/**
 * The route guesser of every provider: the offline Router (keywords and descriptions, scope words),
 * which answers in microseconds, so the specialists it names can start while the model Router decides.
 */
export function createLexicalRouteGuesser(options: { vocabulary: OfflineVocabulary }): RouteGuesser {
  return {
    guess: async (input) => {
      await options.vocabulary.contractIds.ready();
      return routeOffline(input, options.vocabulary);
    },
  };
}
