import { Template } from "adaptivecards-templating";

export interface AdaptiveCard {
  type: "AdaptiveCard";
  version: string;
  body: unknown[];
  actions?: unknown[];
  [key: string]: unknown;
}

/** Teams rejects messages above about 28 KB; cards are kept under this many bytes of JSON. */
export const CARD_SIZE_LIMIT_BYTES = 26 * 1024;

const prepared = new WeakMap<object, Template>();

/** Data is bound, never parsed: a `${…}` in a value stays literal, so user text never reaches the expression language. A missing field prints its path. */
// The template file decides the shape; each caller names the one its template produces.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export function expandTemplate<T>(template: object, data: object): T {
  let compiled = prepared.get(template);
  if (!compiled) {
    compiled = new Template(template);
    prepared.set(template, compiled);
  }
  return compiled.expand({ $root: data }) as T;
}

export function cardBytes(card: AdaptiveCard): number {
  return Buffer.byteLength(JSON.stringify(card), "utf8");
}

export const SHRINK_SCALES = [1, 0.6, 0.35, 0.2, 0.1] as const;

/** Rebuilds with the text limits scaled down while over `limitBytes`; the last attempt is returned even if still large. */
export function fitCard(build: (scale: number) => AdaptiveCard, limitBytes = CARD_SIZE_LIMIT_BYTES): AdaptiveCard {
  let card = build(SHRINK_SCALES[0]);
  for (const scale of SHRINK_SCALES.slice(1)) {
    if (cardBytes(card) <= limitBytes) return card;
    card = build(scale);
  }
  return card;
}

const ADAPTIVE_CARD_CONTENT_TYPE = "application/vnd.microsoft.card.adaptive";

/** An Adaptive Card wrapped as a Bot Framework attachment (structurally compatible with botbuilder's `Attachment`). */
interface CardAttachment {
  contentType: typeof ADAPTIVE_CARD_CONTENT_TYPE;
  content: AdaptiveCard;
}

export function cardAttachment(card: AdaptiveCard): CardAttachment {
  return { contentType: ADAPTIVE_CARD_CONTENT_TYPE, content: card };
}
