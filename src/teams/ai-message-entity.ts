import type { Entity } from "botbuilder";
import type { CitationView } from "../cards";
import { truncate } from "../cards/text";

/** A sensitivity label shown on a message (and on each of its citations), e.g. "Confidential". */
export interface SensitivityLabel {
  name: string;
  description?: string;
}

/** What Teams shows around a bot's answer: the AI-generated label, numbered citations, a sensitivity label. */
export interface AiMessageOptions {
  citations: readonly CitationView[];
  /** False for the offline engine's answers: they say they are offline instead of carrying the label. */
  aiGenerated: boolean;
  sensitivity?: SensitivityLabel;
}

/** Teams shows at most this many citations on a message. */
export const MAX_TEAMS_CITATIONS = 10;
/** Teams' limits for a citation's title and abstract (characters). */
const MAX_CITATION_TITLE = 80;
const MAX_CITATION_ABSTRACT = 160;

/**
 * The `https://schema.org/Message` entity Teams reads for the AI-generated label, citations (`[n]`
 * markers in the message text open them) and the sensitivity label.
 */
export function aiMessageEntity(options: AiMessageOptions): Entity {
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
        ...(citation.source ? { keywords: [citation.source] } : {}),
        ...(usageInfo ? { usageInfo } : {}),
      },
    })),
    ...(usageInfo ? { usageInfo } : {}),
  };
}
