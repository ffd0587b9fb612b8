import { inflateRawSync } from "node:zlib";
import AdmZip from "adm-zip";

const STORED = 0;
const DEFLATED = 8;

/**
 * Refuses a zip archive (a .docx) that would unpack to more than `maxBytes`, before the document
 * reader unpacks it: first by the sizes its central directory declares, then by inflating each entry
 * with the declared size as a hard cap, since a forged header can declare less than the data holds.
 */
export function checkUnpackedSize(archive: Buffer, maxBytes: number): void {
  const entries = new AdmZip(archive).getEntries();
  const declared = entries.reduce((total, entry) => total + entry.header.size, 0);
  if (declared > maxBytes) throw new Error(`unpacks to ${megabytes(declared)}, more than the ${megabytes(maxBytes)} allowed`);
  for (const entry of entries) {
    if (entry.isDirectory) continue;
    const { method, size } = entry.header;
    if (method === STORED) continue;
    if (method !== DEFLATED) throw new Error(`${entry.entryName} uses an unsupported compression method (${method})`);
    try {
      inflateRawSync(entry.getCompressedData(), { maxOutputLength: Math.max(1, size) });
    } catch (error) {
      if (error instanceof RangeError)
        throw new Error(`${entry.entryName} unpacks to more than the ${size} bytes it declares`, { cause: error });
      throw error;
    }
  }
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
