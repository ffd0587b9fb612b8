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

/** A zip archive of deflated entries (local headers, central directory, end record). */
function zipArchive(entries: DeflatedEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.deflated.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.deflated.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.deflated);
    centrals.push(central, name);
    offset += local.length + name.length + entry.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
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
