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

/**
 * An ISO timestamp as Adaptive Card date/time functions, so each viewer sees it in their own time
 * zone and locale. Card functions accept RFC 3339 without fractional seconds only.
 */
export function cardDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const stamp = date.toISOString().replace(/\.\d{3}Z$/, "Z");
  return `{{DATE(${stamp}, SHORT)}} {{TIME(${stamp})}}`;
}
