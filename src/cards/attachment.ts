import type { AdaptiveCard } from "./render";

const ADAPTIVE_CARD_CONTENT_TYPE = "application/vnd.microsoft.card.adaptive";

/** An Adaptive Card wrapped as a Bot Framework attachment (structurally compatible with botbuilder's `Attachment`). */
interface CardAttachment {
  contentType: typeof ADAPTIVE_CARD_CONTENT_TYPE;
  content: AdaptiveCard;
}

export function cardAttachment(card: AdaptiveCard): CardAttachment {
  return { contentType: ADAPTIVE_CARD_CONTENT_TYPE, content: card };
}
