import type { CitationView } from "./citations";
import { type AdaptiveCard, expandTemplate } from "./render";
import { truncate } from "./text";
import template from "./templates/citation-card.json";

/** Quotes are a clause or a sentence; ten citation cards travel with the answer, so each stays well under a kilobyte. */
const MAX_CITATION_QUOTE = 300;

/** Opened from a citation whose record has no document link; text runs, not markdown, so a quote is shown as written. */
export function buildCitationCard(citation: CitationView): AdaptiveCard {
  return expandTemplate<AdaptiveCard>(template, {
    title: citation.title,
    quote: truncate(citation.quote, MAX_CITATION_QUOTE),
    sourceName: citation.sourceName,
  });
}
