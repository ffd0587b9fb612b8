import { labelsFor, type Language } from "../domain";

const ELLIPSIS = "…";
const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * Shortens text to at most `max` characters (user-perceived characters: an emoji or a kana with a
 * combining mark is never split), ending with "…". Cuts at a word boundary when one is near the end.
 */
export function truncate(text: string, max: number): string {
  const normalised = text.trim();
  if (normalised.length <= max) return normalised; // UTF-16 length ≥ grapheme count
  const parts: string[] = [];
  for (const { segment } of graphemes.segment(normalised)) {
    parts.push(segment);
    if (parts.length > max) break;
  }
  if (parts.length <= max) return normalised;
  const kept = parts.slice(0, Math.max(0, max - 1)).join("");
  const lastSpace = kept.search(/\s\S*$/);
  const cut = lastSpace >= kept.length * 0.8 ? kept.slice(0, lastSpace) : kept;
  return cut.trimEnd() + ELLIPSIS;
}

/** A text split into its non-empty paragraphs (lines), each truncated; at most `maxParagraphs`. */
export function paragraphs(text: string, maxChars: number, maxParagraphs = 20): string[] {
  const lines = truncate(text, maxChars)
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  if (lines.length <= maxParagraphs) return lines;
  return [...lines.slice(0, maxParagraphs - 1), `${lines[maxParagraphs - 1]} ${ELLIPSIS}`];
}

const JAPANESE_DATE_TIME = new Intl.DateTimeFormat("ja-JP", { dateStyle: "long", timeStyle: "short", timeZone: "Asia/Tokyo" });

/**
 * An ISO timestamp for a card. English cards use Adaptive Card date/time functions, so each viewer
 * sees it in their own time zone and locale (the functions accept RFC 3339 without fractional
 * seconds only). A Japanese card is written in Japanese whatever the viewer's client locale, which
 * the functions would follow, so its date is formatted for ja-JP in Japan time.
 */
export function cardDateTime(iso: string, language: Language = "en"): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (language === "ja") return labelsFor("ja").inJapanTime(JAPANESE_DATE_TIME.format(date));
  const stamp = date.toISOString().replace(/\.\d{3}Z$/, "Z");
  return `{{DATE(${stamp}, SHORT)}} {{TIME(${stamp})}}`;
}

/** A Markdown link or image: its text and its target (up to the first space or closing parenthesis). */
const MARKDOWN_LINK = /!?\[([^\]]*)\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g;
/** An autolink: `<scheme:…>`. */
const AUTOLINK = /<([a-z][a-z0-9+.-]*:[^<>\s]*)>/gi;
/** A reference link's definition line: `[label]: target`. */
const LINK_DEFINITION = /^[ \t]*\[[^\]]+\]:[ \t]*<?(\S*?)>?(?:[ \t].*)?$/gm;

/**
 * Text a person wrote for Markdown (an approver's edited answer) with only web links: a link or
 * image whose target is not http(s) (`javascript:`, `data:`, `file:`, a relative path) keeps its text
 * and loses its target, such an autolink becomes plain text and such a reference definition goes.
 */
export function onlyWebLinks(text: string): string {
  const web = (target: string) => /^https?:\/\//i.test(target);
  return text
    .replace(MARKDOWN_LINK, (link: string, label: string, target: string) => (web(target) ? link : label))
    .replace(AUTOLINK, (link: string, target: string) => (web(target) ? link : target))
    .replace(LINK_DEFINITION, (line: string, target: string) => (web(target) ? line : ""));
}
