import { labelsFor, type Language } from "../domain";
import { citationMarkers, type CitationView } from "./citations";
import { textLimits, type TextLimits } from "./render";
import { truncate } from "./text";
import type { AnswerBodyView } from "./view-models";

/** Markdown characters escaped in model text, so an answer can never inject links, mentions or formatting. */
const MARKDOWN_SPECIALS = /[\\`*_[\]()#<>|~]/g;

export function literalMarkdown(text: string): string {
  return text.replace(MARKDOWN_SPECIALS, (char) => `\\${char}`);
}

/** Points are bulleted paragraphs, not a Markdown list: clients that show citation pills (the Agents Playground too) look for `[n]` in paragraphs. */
export function answerMessageText(
  body: Pick<AnswerBodyView, "conclusion" | "rationale">,
  citations: readonly CitationView[],
  language: Language,
  limits: Pick<TextLimits, "conclusion" | "rationalePoint" | "rationaleItems"> = textLimits(),
): string {
  const points = body.rationale.slice(0, limits.rationaleItems).map((item) => {
    const markers = citationMarkers(item.citations, citations);
    return `• ${literalMarkdown(truncate(item.point, limits.rationalePoint))}${markers ? ` ${markers}` : ""}`;
  });
  const conclusion = conclusionMarkdown(truncate(body.conclusion, limits.conclusion));
  return points.length > 0 ? `${conclusion}\n\n**${labelsFor(language).rationale}**\n\n${points.join("\n\n")}` : conclusion;
}

/** The conclusion as message text (also while it streams, so the final text continues what was shown). */
export function conclusionMarkdown(conclusion: string): string {
  return literalMarkdown(conclusion.trim()).replace(/\r?\n/g, "\n\n");
}
