import { crc32, deflateRawSync, constants as zlibConstants } from "node:zlib";

/**
 * Files an attacker could hand to `npm run import`, built at test time (a bomb is not committed).
 */

/** A 706-byte "billion laughs" front matter: nine levels of nine aliases, a billion strings once expanded. */
export function aliasBombFrontMatter(): string {
  const names = "abcdefghi";
  const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let level = 1; level < names.length; level++)
    levels.push(
      `${names[level]}: &${names[level]} [${Array(9)
        .fill(`*${names[level - 1]}`)
        .join(",")}]`,
    );
  const head = `---\nkey: laughs\n${levels.join("\n")}\n`;
  const padding = 706 - head.length - "#\n---\n".length;
  return `${head}#${"-".repeat(padding)}\n---\n`;
}

/** A policy whose `---js` front matter, if evaluated, writes `marker` and sets `globalThis.procuraFrontMatterRan`. */
export function javascriptFrontMatterPolicy(marker: string): string {
  return [
    "---js",
    `(function () { require("node:fs").writeFileSync(${JSON.stringify(marker)}, "ran"); globalThis.procuraFrontMatterRan = true;`,
    '  return { key: "evil", language: "en", title: "Evil", version: "1", effectiveDate: "2025-01-01" }; })()',
    "---",
    "## 1. Scope",
    "Applies to everything.",
    "",
  ].join("\n");
}

/** One file of a zip archive: its name, its data as raw deflate, and what it unpacks to. */
interface DeflatedEntry {
  name: string;
  deflated: Buffer;
  /** The size written in the headers (a forged archive declares less than it holds). */
  declaredSize: number;
  crc: number;
  /** Left out of the central directory: only a reader of the local headers (a streaming one) sees it. */
  hidden?: boolean;
  /** The compression method the headers name (deflate, 8, unless a test names another). */
  method?: number;
}

/** `bytes` zeros as raw deflate, built a megabyte at a time without ever holding them: about 1 KB per MB. */
function deflatedZeros(bytes: number): { deflated: Buffer; crc: number } {
  const megabyte = Buffer.alloc(1024 * 1024);
  // A full flush ends each copy on a byte boundary with no reference beyond it, so copies can be chained.
  const block = deflateRawSync(megabyte, { finishFlush: zlibConstants.Z_FULL_FLUSH });
  const parts: Buffer[] = [];
  let crc = 0;
  for (let done = 0; done < bytes; done += megabyte.length) {
    parts.push(block);
    crc = crc32(megabyte, crc);
  }
  parts.push(deflateRawSync(Buffer.alloc(0)));
  return { deflated: Buffer.concat(parts), crc };
}

function deflated(name: string, text: string, declaredSize = Buffer.byteLength(text)): DeflatedEntry {
  return { name, deflated: deflateRawSync(Buffer.from(text)), declaredSize, crc: crc32(Buffer.from(text)) };
}

/** A little-endian record of `size` bytes with each [offset, value, width] written in. */
function record(size: number, fields: [number, number, 2 | 4][]): Buffer {
  const buffer = Buffer.alloc(size);
  for (const [at, value, width] of fields) {
    if (width === 2) buffer.writeUInt16LE(value, at);
    else buffer.writeUInt32LE(value >>> 0, at);
  }
  return buffer;
}

/** A zip archive of deflated entries (local headers, central directory, end record). */
function zipArchive(entries: DeflatedEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name: entryName, deflated, declaredSize, crc, hidden, method = 8 } of entries) {
    const name = Buffer.from(entryName);
    // Version 2.0, deflate; then CRC-32, compressed size, declared size, name length.
    const local = record(30, [
      [0, 0x04034b50, 4],
      [4, 20, 2],
      [8, method, 2],
      [14, crc, 4],
      [18, deflated.length, 4],
      [22, declaredSize, 4],
      [26, name.length, 2],
    ]);
    const central = record(46, [
      [0, 0x02014b50, 4],
      [4, 20, 2],
      [6, 20, 2],
      [10, method, 2],
      [16, crc, 4],
      [20, deflated.length, 4],
      [24, declaredSize, 4],
      [28, name.length, 2],
      [42, offset, 4],
    ]);
    locals.push(local, name, deflated);
    if (!hidden) centrals.push(central, name);
    offset += local.length + name.length + deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = record(22, [
    [0, 0x06054b50, 4],
    [8, centrals.length / 2, 2],
    [10, centrals.length / 2, 2],
    [12, directory.length, 4],
    [16, offset, 4],
  ]);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"></Types>';

/** A .docx whose document part is `unpackedBytes` zeros: 500 MB packs into under half a megabyte. */
export function docxBomb(unpackedBytes = 500 * 1024 * 1024): Buffer {
  const zeros = deflatedZeros(unpackedBytes);
  return zipArchive([deflated("[Content_Types].xml", CONTENT_TYPES), { name: "word/document.xml", ...zeros, declaredSize: unpackedBytes }]);
}

/** A .docx whose headers declare a few bytes for a document part that unpacks to `unpackedBytes`. */
export function forgedDocx(unpackedBytes = 16 * 1024 * 1024): Buffer {
  return zipArchive([
    deflated("[Content_Types].xml", CONTENT_TYPES),
    { name: "word/document.xml", ...deflatedZeros(unpackedBytes), declaredSize: 1000 },
  ]);
}

/** A .docx with a 16 MB part its central directory does not list: a reader of the directory never bounds it. */
export function docxHidingAPart(): Buffer {
  return zipArchive([
    deflated("[Content_Types].xml", CONTENT_TYPES),
    deflated("word/document.xml", "<w:document/>"),
    { name: "word/media/hidden.bin", ...deflatedZeros(16 * 1024 * 1024), declaredSize: 16 * 1024 * 1024, hidden: true },
  ]);
}

/** A .docx whose document part names a compression method (12, bzip2) that Office never writes. */
export function docxWithUnknownCompression(): Buffer {
  return zipArchive([deflated("[Content_Types].xml", CONTENT_TYPES), { ...deflated("word/document.xml", "<w:document/>"), method: 12 }]);
}

/** A part of a crafted workbook: `unpackedBytes` zeros, its headers declaring `declaredSize`. */
export interface CraftedPart {
  name: string;
  unpackedBytes: number;
  declaredSize: number;
  hidden?: boolean;
}

/**
 * An .xlsx's small parts (one sheet, "Sheet1") with `parts` added: a shared-strings or sheet part
 * far larger than it looks, cheap to build because its declared size can say more than it holds.
 */
export function craftedWorkbook(parts: CraftedPart[]): Buffer {
  const main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
  const relationships = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  return zipArchive([
    deflated("[Content_Types].xml", CONTENT_TYPES),
    deflated(
      "xl/_rels/workbook.xml.rels",
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${relationships}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    deflated(
      "xl/workbook.xml",
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${main}" xmlns:r="${relationships}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    ...parts.map(({ name, unpackedBytes, declaredSize, hidden }) => ({ name, ...deflatedZeros(unpackedBytes), declaredSize, hidden })),
  ]);
}
