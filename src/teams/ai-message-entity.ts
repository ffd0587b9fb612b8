import type { ClientCitation } from "@microsoft/teams-ai/lib/types";
import type { Entity } from "botbuilder";
import { buildCitationCard, type CitationView } from "../cards";
import { truncate } from "../cards/text";

/** Teams shows at most this many citations on a message. */
const MAX_TEAMS_CITATIONS = 10;
/** Teams' limits for a citation's title, abstract and keywords (characters). */
const MAX_CITATION_TITLE = 80;
const MAX_CITATION_ABSTRACT = 160;
const MAX_CITATION_KEYWORD = 28;

// The schema.org Message entity Teams reads for the AI label, citations (`[n]` markers in the text open them) and the sensitivity
// label. A citation with a document opens it; one without opens a small card with the quote.
export function aiMessageEntity(options: {
  citations: readonly CitationView[];
  /** False for the offline engine's answers: they say they are offline instead of carrying the label. */
  aiGenerated: boolean;
  sensitivity?: { name: string; description?: string };
  /** False when the message must shrink: a citation without a document then shows only its abstract. */
  quoteCards?: boolean;
}): Entity {
  const usageInfo = options.sensitivity ? { "@type": "CreativeWork", ...options.sensitivity } : undefined;
  return {
    type: "https://schema.org/Message",
    "@type": "Message",
    "@context": "https://schema.org",
    "@id": "",
    ...(options.aiGenerated ? { additionalType: ["AIGeneratedContent"] } : {}),
    citation: options.citations.slice(0, MAX_TEAMS_CITATIONS).map((citation) => ({
      "@type": "Claim",
      position: citation.position,
      appearance: {
        "@type": "DigitalDocument",
        name: truncate(citation.title, MAX_CITATION_TITLE),
        abstract: truncate(citation.quote || citation.title, MAX_CITATION_ABSTRACT),
        ...citationTarget(citation, options.quoteCards ?? true),
        ...(citation.source ? { keywords: [truncate(citation.source, MAX_CITATION_KEYWORD)] } : {}),
        ...(usageInfo ? { usageInfo } : {}),
      },
    })),
    ...(usageInfo ? { usageInfo } : {}),
  };
}

function citationTarget(
  citation: CitationView,
  quoteCards: boolean,
): Pick<ClientCitation["appearance"], "url" | "encodingFormat" | "text"> {
  if (citation.url !== undefined) return { url: citation.url };
  if (!quoteCards) return {};
  return { encodingFormat: "application/vnd.microsoft.card.adaptive", text: JSON.stringify(buildCitationCard(citation)) };
}
