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

/** Expands `template`, rebuilt with the text limits scaled down while over `limitBytes`; the last attempt is returned even if still large. */
export function fitTemplate(
  template: object,
  data: (limits: TextLimits) => object,
  limitBytes = CARD_SIZE_LIMIT_BYTES,
  limitsAt: (scale: number) => TextLimits = textLimits,
): AdaptiveCard {
  const build = (scale: number) => expandTemplate<AdaptiveCard>(template, data(limitsAt(scale)));
  let card = build(SHRINK_SCALES[0]);
  for (const scale of SHRINK_SCALES.slice(1)) {
    if (cardBytes(card) <= limitBytes) return card;
    card = build(scale);
  }
  return card;
}

/** How many characters (or items) of each kind of text a card shows at full size. */
const BASE_LIMITS = {
  questionPreview: 240,
  question: 1200,
  conclusion: 1500,
  rationalePoint: 400,
  rationaleItems: 10,
  headline: 240,
  summary: 500,
  details: 1200,
  evidenceQuote: 280,
  evidenceItems: 6,
  nextAction: 300,
  nextActionItems: 8,
  reason: 600,
  finalText: 6000,
} as const;

export type TextLimits = { readonly [K in keyof typeof BASE_LIMITS]: number };

export function textLimits(scale = 1): TextLimits {
  const entries = Object.entries(BASE_LIMITS).map(([key, value]) => [
    key,
    Math.max(key.endsWith("Items") ? 2 : 40, Math.floor(value * scale)),
  ]);
  return Object.fromEntries(entries) as TextLimits;
}

/** The limits of an answer's body: an approver's edited text is the whole answer, so it gets the final-text limit, not the conclusion's. */
export function answerBodyLimits(view: { review?: { edited: boolean } }, scale = 1): TextLimits {
  const limits = textLimits(scale);
  return view.review?.edited ? { ...limits, conclusion: limits.finalText } : limits;
}
