import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import mammoth from "mammoth";
import { PDFParse } from "pdf-parse";
import type { Contract } from "../domain";
import { IMPORT_LIMITS } from "./limits";
import { checkDeclaredSizes, checkInflatedSizes } from "./zip-bounds";

export const DOCUMENT_EXTENSIONS = [".md", ".txt", ".pdf", ".docx"] as const;

/** Markdown-ish lines. Every read is bounded (file size, unpacked size, pages, characters): a bomb is refused with a reason. */
export async function readDocumentText(file: string): Promise<string> {
  const extension = path.extname(file).toLowerCase();
  if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(extension))
    throw new Error(`unsupported document type ${extension || "(none)"}: use ${DOCUMENT_EXTENSIONS.join(", ")}`);
  const { size } = await stat(file);
  if (size > IMPORT_LIMITS.documentFileBytes)
    throw new Error(`${size.toLocaleString("en")} bytes: a document has at most ${IMPORT_LIMITS.documentFileBytes.toLocaleString("en")}`);
  const text = await extractText(extension, await readFile(file));
  if (text.length > IMPORT_LIMITS.documentChars)
    throw new Error(`more than ${IMPORT_LIMITS.documentChars.toLocaleString("en")} characters of text`);
  return text;
}

async function extractText(extension: string, content: Buffer): Promise<string> {
  if (extension === ".docx") {
    // mammoth unpacks the whole archive at once: it must not start before both checks pass.
    await checkInflatedSizes(content, await checkDeclaredSizes(content, IMPORT_LIMITS.documentUnpackedBytes));
    // mammoth's markdown output keeps headings as "#" lines, which is all the section splitter needs.
    const result = await (
      mammoth as unknown as { convertToMarkdown(input: { buffer: Buffer }): Promise<{ value: string }> }
    ).convertToMarkdown({ buffer: content });
    return result.value.replace(/\\([.\-()#*_[\]])/g, "$1").replace(/__([^_]+)__/g, "$1");
  }
  if (extension === ".pdf") {
    const parser = new PDFParse({ data: content });
    try {
      const result = await parser.getText({ first: IMPORT_LIMITS.pdfPages });
      if (result.total > IMPORT_LIMITS.pdfPages) throw new Error(`${result.total} pages: a PDF has at most ${IMPORT_LIMITS.pdfPages}`);
      // pdf-parse marks page ends with "-- 1 of 3 --" lines; they are not document text.
      return result.text.replace(/^-- \d+ of \d+ --$/gm, "");
    } finally {
      await parser.destroy();
    }
  }
  return content.toString("utf8");
}

export interface DocumentSection {
  number: string | null;
  heading: string;
  text: string;
}

const MARKDOWN_HEADING = /^#{1,6}\s+(.+?)\s*#*\s*$/;
/** "3. Price adjustment", "3.2 Renewal", "§4 Termination", "Article 5 — Payment", "第5条（支払）". */
const NUMBERED_HEADING = /^(?:§\s?|article\s+|clause\s+|section\s+)?(\d+(?:\.\d+)*)[.)]?\s+(\S.{0,80})$/i;
const JAPANESE_ARTICLE = /^第\s?(\d+)\s?条\s*[（(]?([^）)]{1,40})[）)]?\s*$/;

/** Markdown headings, or short numbered lines in PDF text; with deeper headings, level-1 headings are the title, not sections. */
export function splitSections(text: string): DocumentSection[] {
  const sections: DocumentSection[] = [];
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const markdown = lines.some((line) => MARKDOWN_HEADING.test(line));
  const titleLevel = lines.some((line) => MARKDOWN_HEADING.test(line) && line.startsWith("##"));
  for (const raw of lines) {
    const line = raw.trim();
    const heading = headingOf(line, markdown, titleLevel);
    if (heading) sections.push({ ...heading, text: "" });
    else if (sections.length > 0) sections[sections.length - 1].text += `${raw}\n`;
  }
  return sections
    .map((section) => ({ ...section, text: section.text.trim() }))
    .filter((section) => section.text !== "" || section.heading !== "");
}

function headingOf(line: string, markdown: boolean, skipLevelOne: boolean): Omit<DocumentSection, "text"> | undefined {
  if (markdown) {
    if (skipLevelOne && line.startsWith("# ")) return undefined;
    const match = MARKDOWN_HEADING.exec(line);
    if (!match) return undefined;
    const numbered = NUMBERED_HEADING.exec(match[1]);
    return numbered ? { number: numbered[1], heading: numbered[2].trim() } : { number: null, heading: match[1].trim() };
  }
  const japanese = JAPANESE_ARTICLE.exec(line);
  if (japanese) return { number: japanese[1], heading: japanese[2].trim() };
  const numbered = NUMBERED_HEADING.exec(line);
  if (numbered && line.length <= 90 && !/[.。:]$/.test(line)) return { number: numbered[1], heading: numbered[2].trim() };
  return undefined;
}

type ClauseKind = Contract["clauses"][number]["kind"];

const CLAUSE_KINDS: [ClauseKind, RegExp][] = [
  ["price_adjustment", /price (?:adjust|increase|review|change)|pricing|escalat|indexation|値上|価格(?:改定|調整)|料金改定/i],
  ["renewal", /renew|extension|更新|延長/i],
  ["termination", /terminat|cancell?ation|解約|解除/i],
  ["liability", /liabilit|indemn|damages|責任|損害|賠償/i],
  ["payment", /payment|invoic|支払|請求/i],
  ["term", /\bterm\b|duration|effective date|commencement|契約期間|期間/i],
];

export function clauseKind(heading: string, text: string): ClauseKind {
  for (const source of [heading, text.slice(0, 400)]) {
    const kind = CLAUSE_KINDS.find(([, pattern]) => pattern.test(source));
    if (kind) return kind[0];
  }
  return "other";
}
