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
