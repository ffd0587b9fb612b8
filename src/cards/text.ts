import { labelsFor, type Language } from "../domain";

/** A phase, status or outcome has its label under its own name: `phaseUnderReview`, `statusDone`, `outcomeEdited`. */
export function labelKey<P extends string, N extends string>(prefix: P, name: N): `${P}${Capitalize<N>}` {
  return `${prefix}${name.charAt(0).toUpperCase()}${name.slice(1)}` as `${P}${Capitalize<N>}`;
}

const ELLIPSIS = "…";
const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** Cuts to `max` user-perceived characters (never splitting an emoji or combining mark), ending with "…", at a word boundary when near. */
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

export function paragraphs(text: string, maxChars: number, maxParagraphs = 20): string[] {
  const lines = truncate(text, maxChars)
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  if (lines.length <= maxParagraphs) return lines;
  return [...lines.slice(0, maxParagraphs - 1), `${lines[maxParagraphs - 1]} ${ELLIPSIS}`];
}

const JAPANESE_DATE_TIME = new Intl.DateTimeFormat("ja-JP", { dateStyle: "long", timeStyle: "short", timeZone: "Asia/Tokyo" });

/** English cards use Adaptive Card date functions (viewer's zone and locale; RFC 3339 without fractions only); Japanese cards are written in Japan time. */
export function cardDateTime(iso: string, language: Language = "en"): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (language === "ja") return labelsFor("ja").inJapanTime(JAPANESE_DATE_TIME.format(date));
  const stamp = date.toISOString().replace(/\.\d{3}Z$/, "Z");
  return `{{DATE(${stamp}, SHORT)}} {{TIME(${stamp})}}`;
}

const MARKDOWN_LINK = /!?\[([^\]]*)\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g;
const AUTOLINK = /<([a-z][a-z0-9+.-]*:[^<>\s]*)>/gi;
const LINK_DEFINITION = /^[ \t]*\[[^\]]+\]:[ \t]*<?(\S*?)>?(?:[ \t].*)?$/gm;

/** Markdown a person wrote (an approver's edit) with only http(s) links: other targets (`javascript:`, `data:`, relative) lose the target, keep the text. */
export function onlyWebLinks(text: string): string {
  const web = (target: string) => /^https?:\/\//i.test(target);
  return text
    .replace(MARKDOWN_LINK, (link: string, label: string, target: string) => (web(target) ? link : label))
    .replace(AUTOLINK, (link: string, target: string) => (web(target) ? link : target))
    .replace(LINK_DEFINITION, (line: string, target: string) => (web(target) ? line : ""));
}
