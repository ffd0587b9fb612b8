import { parseDocument } from "yaml";

/** Front matter is data, never code: YAML core schema, bounded size and alias expansion (gray-matter, replaced, ran `---js` blocks as JavaScript). */

/** Bytes of front matter read at most: metadata is a few lines; a larger block is refused unread. */
const FRONT_MATTER_MAX_BYTES = 16 * 1024;
/** Alias expansions allowed in front matter ("billion laughs" needs millions). */
const FRONT_MATTER_MAX_ALIASES = 50;

/** Why a file's front matter is not read; `line` is where in the file (1 is its opening "---"). */
export class FrontMatterError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

const OPENING = "---";
const YAML_LANGUAGES = new Set(["", "yaml", "yml"]);

/** Splits a file into front matter and content; an opening that names another language ("---js") is refused without reading the block. */
export function parseFrontMatter(source: string): { data: Record<string, unknown>; content: string } {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  // "----" is a markdown rule, not front matter (as gray-matter read it).
  if (!text.startsWith(OPENING) || text.charAt(OPENING.length) === "-") return { data: {}, content: text };
  const firstBreak = text.indexOf("\n");
  const openingLine = firstBreak === -1 ? text : text.slice(0, firstBreak);
  const language = openingLine.slice(OPENING.length).trim();
  if (!YAML_LANGUAGES.has(language.toLowerCase()))
    throw new FrontMatterError(
      1,
      `front matter in ${JSON.stringify(language.slice(0, 40))} is not read: only YAML front matter ("---") is allowed`,
    );
  if (firstBreak === -1) return { data: {}, content: "" };
  const closing = closingLine(text, firstBreak + 1);
  if (closing === undefined) throw new FrontMatterError(1, 'front matter has no closing "---" line');
  const block = text.slice(firstBreak + 1, closing.start);
  if (Buffer.byteLength(block) > FRONT_MATTER_MAX_BYTES) throw tooLarge();
  return { data: yamlMapping(block), content: text.slice(closing.end) };
}

/** Scans only up to the size bound, so a huge unclosed block is not read whole. */
function closingLine(text: string, from: number): { start: number; end: number } | undefined {
  for (let start = from; ;) {
    const lineBreak = text.indexOf("\n", start);
    const lineEnd = lineBreak === -1 ? text.length : lineBreak;
    if (lineEnd - start <= 8 && /^---[ \t]*\r?$/.test(text.slice(start, lineEnd)))
      return { start, end: lineBreak === -1 ? lineEnd : lineBreak + 1 };
    if (lineEnd - from > FRONT_MATTER_MAX_BYTES) throw tooLarge();
    if (lineBreak === -1) return undefined;
    start = lineBreak + 1;
  }
}

function tooLarge(): FrontMatterError {
  return new FrontMatterError(1, `front matter is larger than ${FRONT_MATTER_MAX_BYTES / 1024} KB`);
}

function yamlMapping(block: string): Record<string, unknown> {
  let data: unknown;
  try {
    const document = parseDocument(block, { schema: "core", prettyErrors: true });
    // An unknown tag ("!!js/function") is only a warning to the parser: here it is a refusal.
    const problem = document.errors[0] ?? document.warnings[0];
    if (problem) throw problem;
    data = document.toJS({ maxAliasCount: FRONT_MATTER_MAX_ALIASES });
  } catch (error) {
    // The block starts on the file's second line.
    const line = (error as { linePos?: { line: number }[] }).linePos?.[0]?.line;
    const reason = error instanceof ReferenceError ? "too many YAML aliases (an alias bomb?)" : (error as Error).message.split("\n")[0];
    throw new FrontMatterError(line === undefined ? 1 : line + 1, `front matter is not valid YAML: ${reason}`);
  }
  if (data === null || data === undefined) return {};
  if (typeof data !== "object" || Array.isArray(data)) throw new FrontMatterError(1, "front matter is not a list of `name: value` lines");
  return data as Record<string, unknown>;
}
