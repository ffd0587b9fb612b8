import path from "node:path";
import { StringDecoder } from "node:string_decoder";
import { SaxesParser, type SaxesTagPlain } from "saxes";
import type { CentralDirectory, File } from "unzipper";
import { boundedBytes, FileRefusedError } from "./zip-bounds";

/** By local name: the `x:` prefix some writers use is dropped. */
export interface XmlHandlers {
  open?: (name: string, attributes: Record<string, string>) => void;
  text?: (text: string) => void;
  close?: (name: string) => void;
}

// No namespaces, no positions: the reader needs neither, and they cost time.
export function xmlParser(handlers: XmlHandlers): SaxesParser<{ xmlns: false; position: false }> {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const local = (name: string) => (name.includes(":") ? name.slice(name.indexOf(":") + 1) : name);
  const { open, text, close } = handlers;
  if (open) parser.on("opentag", (tag: SaxesTagPlain) => open(local(tag.name), tag.attributes));
  if (text) parser.on("text", text);
  if (close) parser.on("closetag", (tag) => close(local(tag.name)));
  // With no error handler the parser throws: a malformed part ends the read with its message.
  return parser;
}

async function parsePart(file: File, handlers: XmlHandlers): Promise<void> {
  const parser = xmlParser(handlers);
  const decoder = new StringDecoder("utf8");
  for await (const chunk of boundedBytes(file.path, file.uncompressedSize, file.stream())) parser.write(decoder.write(chunk));
  parser.write(decoder.end());
  parser.close();
}

const WORKBOOK = "xl/workbook.xml";
const WORKBOOK_RELATIONSHIPS = "xl/_rels/workbook.xml.rels";

export async function describeWorkbook(archive: CentralDirectory) {
  const files = new Map(archive.files.map((file) => [file.path, file]));
  const workbook = files.get(WORKBOOK);
  if (workbook === undefined) throw new FileRefusedError(`no ${WORKBOOK} in the archive: not an Excel workbook`);
  const listed: { name: string; id: string }[] = [];
  let date1904 = false;
  await parsePart(workbook, {
    open(name, attributes) {
      if (name === "sheet") listed.push({ name: attributes.name ?? "", id: attributes["r:id"] ?? "" });
      else if (name === "workbookPr") date1904 = ["1", "true"].includes(attributes.date1904 ?? "");
    },
  });
  const targets = new Map<string, string>();
  let sharedStrings = "xl/sharedStrings.xml";
  const relationships = files.get(WORKBOOK_RELATIONSHIPS);
  if (relationships)
    await parsePart(relationships, {
      open(name, attributes) {
        if (name !== "Relationship" || attributes.Target === undefined) return;
        const target = attributes.Target.startsWith("/") ? attributes.Target.slice(1) : path.posix.join("xl", attributes.Target);
        targets.set(attributes.Id ?? "", target);
        if (attributes.Type?.endsWith("/sharedStrings")) sharedStrings = target;
      },
    });
  // Without relationships, sheets are where every writer puts them: the n-th in worksheets/sheetn.xml.
  const sheets = listed.map(({ name, id }, n) => ({ name, part: targets.get(id) ?? `xl/worksheets/sheet${n + 1}.xml` }));
  return { sheets, date1904, sharedStrings };
}

/** Rich text runs joined, without the phonetic guides (furigana) Japanese Excel adds. */
export async function readSharedStrings(file: File | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (file === undefined) return strings;
  let parts: string[] = [];
  let inText = false;
  let phonetic = 0;
  await parsePart(file, {
    open(name) {
      if (name === "si") parts = [];
      else if (name === "rPh") phonetic += 1;
      else if (name === "t" && phonetic === 0) inText = true;
    },
    text(text) {
      if (inText) parts.push(text);
    },
    close(name) {
      if (name === "t") inText = false;
      else if (name === "rPh") phonetic -= 1;
      else if (name === "si") strings.push(parts.length === 1 ? parts[0] : parts.join(""));
    },
  });
  return strings;
}
