import { isAscii, isUtf8 } from "node:buffer";
import { createReadStream } from "node:fs";
import type { Transform } from "node:stream";
import iconv from "iconv-lite";

/**
 * The encodings a text export is read in, by the name a mapping or `--encoding` gives. Shift_JIS is read as CP932 (Windows-31J), which is
 * what Excel in Japan writes when it says Shift_JIS: the same bytes plus the vendor characters (①, ㈱, NEC and IBM kanji).
 */
const ENCODINGS = {
  "utf-8": { codec: "utf8", label: "UTF-8", aliases: ["utf8"] },
  "utf-16le": { codec: "utf16le", label: "UTF-16LE", aliases: ["utf-16", "utf16le"] },
  "utf-16be": { codec: "utf16be", label: "UTF-16BE", aliases: ["utf16be"] },
  shift_jis: { codec: "cp932", label: "Shift_JIS", aliases: ["sjis", "shift-jis", "cp932", "windows-31j", "ms932"] },
} as const;
export type TextEncoding = keyof typeof ENCODINGS;

export function encodingNamed(name: string): TextEncoding | undefined {
  const key = name.trim().toLowerCase();
  const aliases = (encoding: TextEncoding): readonly string[] => ENCODINGS[encoding].aliases;
  return (Object.keys(ENCODINGS) as TextEncoding[]).find((encoding) => encoding === key || aliases(encoding).includes(key));
}

export const ENCODING_NAMES = Object.keys(ENCODINGS).join(", ");

export interface FileEncoding {
  encoding: TextEncoding;
  bom: boolean;
  declared: boolean;
}

export function describeEncoding({ encoding, bom, declared }: FileEncoding): string {
  return `${ENCODINGS[encoding].label}${bom && encoding === "utf-8" ? " with BOM" : ""}${declared ? " (declared)" : ""}`;
}

const CHUNK = 1 << 20;
/** How much text after the first non-ASCII byte decides between UTF-8 and Shift_JIS. */
const WINDOW = 64 * 1024;

/**
 * A byte order mark decides, else the first non-ASCII stretch: valid UTF-8, else Shift_JIS when it decodes cleanly as CP932, else UTF-8
 * (its invalid bytes then reported line by line). Reads only up to the first non-ASCII bytes.
 */
export async function detectEncoding(file: string): Promise<FileEncoding> {
  const stream = createReadStream(file, { highWaterMark: CHUNK });
  const detected = (encoding: TextEncoding, bom = false): FileEncoding => ({ encoding, bom, declared: false });
  try {
    let first = true;
    // The bytes from the first non-ASCII byte on, until there are enough to decide.
    let head: Buffer | undefined;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (first) {
        first = false;
        const bom = byteOrderMark(chunk);
        if (bom) return detected(bom, true);
      }
      if (head === undefined) {
        if (isAscii(chunk)) continue;
        head = chunk.subarray(chunk.findIndex((byte) => byte > 0x7f));
      } else head = Buffer.concat([head, chunk]);
      if (head.length >= WINDOW) return detected(classify(head.subarray(0, WINDOW), true));
    }
    return detected(head === undefined ? "utf-8" : classify(head, false));
  } finally {
    stream.destroy();
  }
}

function byteOrderMark(bytes: Buffer): TextEncoding | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  return undefined;
}

/** UTF-8 or Shift_JIS for a run of bytes starting at a non-ASCII byte; `cut`: the run may end inside a character. */
function classify(bytes: Buffer, cut: boolean): TextEncoding {
  const tails = cut ? [0, 1, 2, 3] : [0];
  if (tails.some((tail) => isUtf8(bytes.subarray(0, bytes.length - tail)))) return "utf-8";
  const text = iconv.decode(cut ? bytes.subarray(0, bytes.length - 1) : bytes, ENCODINGS.shift_jis.codec);
  return text.includes(REPLACEMENT) ? "utf-8" : "shift_jis";
}

export const REPLACEMENT = "\uFFFD";

/** Text as strings, invalid bytes as U+FFFD (iconv-lite's stream is a Transform; its types say less). */
export function decodingStream({ encoding }: FileEncoding) {
  return iconv.decodeStream(ENCODINGS[encoding].codec) as NodeJS.ReadWriteStream & Pick<Transform, "destroy">;
}

export function invalidBytesReason(encoding: FileEncoding): string {
  return `bytes not valid in ${ENCODINGS[encoding.encoding].label} (set the file's encoding in the mapping, or pass --encoding)`;
}
