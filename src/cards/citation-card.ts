import type { CitationView } from "./citations";
import { type AdaptiveCard, expandTemplate } from "./render";
import { truncate } from "./text";
import template from "./templates/citation-card.json";

/**
 * Longest quote a citation card shows. Evidence quotes are a sentence or a clause; the cards of ten
 * citations travel in the answer message beside the answer card, so each stays well under a kilobyte.
 */
const MAX_CITATION_QUOTE = 300;

/**
 * The small card Teams opens from a citation whose record has no document to link to: its title, the
 * quoted text and the kind of source. Text runs, not markdown, so a quote is shown as written.
 */
export function buildCitationCard(citation: CitationView): AdaptiveCard {
  return expandTemplate<AdaptiveCard>(template, {
    title: citation.title,
    quote: truncate(citation.quote, MAX_CITATION_QUOTE),
    sourceName: citation.sourceName,
  });
}
