import type { AdaptiveCard } from "./render";

/** The content type Teams expects for Adaptive Card attachments. */
const ADAPTIVE_CARD_CONTENT_TYPE = "application/vnd.microsoft.card.adaptive";

/** An Adaptive Card wrapped as a Bot Framework attachment (structurally compatible with botbuilder's `Attachment`). */
interface CardAttachment {
  contentType: typeof ADAPTIVE_CARD_CONTENT_TYPE;
  content: AdaptiveCard;
}

/** Wraps a card as an attachment for `MessageFactory.attachment` or an activity's `attachments`. */
export function cardAttachment(card: AdaptiveCard): CardAttachment {
  return { contentType: ADAPTIVE_CARD_CONTENT_TYPE, content: card };
}
