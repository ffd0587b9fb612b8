import { Template } from "adaptivecards-templating";

/** An Adaptive Card JSON object, as sent in an attachment's `content`. */
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

/**
 * Expands a template with data. Data is bound, never parsed: a `${…}` inside a data value comes out
 * literally (see the template-injection test), so user text cannot reach the expression language.
 * Every field a template names must be present in `data` — a missing one would print its path.
 */
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

/** The size of a card as sent (UTF-8 JSON). */
export function cardBytes(card: AdaptiveCard): number {
  return Buffer.byteLength(JSON.stringify(card), "utf8");
}

/** The text scales a message is built at, in turn, while it is too large for Teams. */
export const SHRINK_SCALES = [1, 0.6, 0.35, 0.2, 0.1] as const;

/**
 * Builds a card at full text limits and, while it is larger than `limitBytes`, again with the limits
 * scaled down. The last attempt is returned even if still large (the caller's texts are then absurd).
 */
export function fitCard(build: (scale: number) => AdaptiveCard, limitBytes = CARD_SIZE_LIMIT_BYTES): AdaptiveCard {
  let card = build(SHRINK_SCALES[0]);
  for (const scale of SHRINK_SCALES.slice(1)) {
    if (cardBytes(card) <= limitBytes) return card;
    card = build(scale);
  }
  return card;
}
