import { createReadStream } from "node:fs";
import { inflateRawSync } from "node:zlib";
import AdmZip from "adm-zip";
import unzipper from "unzipper";

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

/** An archive refused before it is read: too large once unpacked, or not a readable zip. */
export class ArchiveRefusedError extends Error {}

/** What an archive read from a file may unpack to: in all, and per entry (by its name). */
export interface UnpackedLimits {
  totalBytes: number;
  entryBytes(name: string): number;
}

/**
 * Refuses a zip archive file (an .xlsx) whose central directory declares more than `limits` allow,
 * without inflating anything; each entry's declared size, for `checkInflatedSizes` to hold it to.
 */
export async function checkDeclaredSizes(file: string, limits: UnpackedLimits): Promise<Map<string, number>> {
  const declared = await declaredSizes(file);
  let total = 0;
  for (const [name, size] of declared) {
    total += size;
    if (size > limits.entryBytes(name))
      throw new ArchiveRefusedError(`${name} unpacks to ${megabytes(size)}, more than the ${megabytes(limits.entryBytes(name))} allowed`);
  }
  if (total > limits.totalBytes)
    throw new ArchiveRefusedError(`unpacks to ${megabytes(total)}, more than the ${megabytes(limits.totalBytes)} allowed`);
  return declared;
}

/** Each entry's unpacked size as the central directory declares it. */
async function declaredSizes(file: string): Promise<Map<string, number>> {
  let directory: unzipper.CentralDirectory;
  try {
    directory = await unzipper.Open.file(file);
  } catch (error) {
    throw new ArchiveRefusedError(`not a readable zip archive (${(error as Error).message})`, { cause: error });
  }
  return new Map(directory.files.filter((entry) => entry.type === "File").map((entry) => [entry.path, entry.uncompressedSize]));
}

/**
 * Inflates every entry of the archive as a stream (unzipper's streaming parser), counting what each
 * really inflates to and stopping at its declared size, since a forged header can declare less than
 * the data holds; and refuses an entry the directory does not list, or lists twice, since a streaming
 * reader sees entries the directory does not list.
 */
export async function checkInflatedSizes(file: string, declared: ReadonlyMap<string, number>): Promise<void> {
  const source = createReadStream(file);
  const entries = source.pipe(unzipper.Parse({ forceStream: true }));
  const seen = new Set<string>();
  try {
    for await (const item of entries) {
      const entry = item as unzipper.Entry;
      const size = declared.get(entry.path);
      if (entry.type === "Directory") entry.autodrain();
      else if (size === undefined || seen.has(entry.path)) {
        throw new ArchiveRefusedError(`${entry.path} is not listed once in the archive's directory`);
      } else {
        seen.add(entry.path);
        let inflated = 0;
        for await (const chunk of entry) {
          inflated += (chunk as Buffer).length;
          if (inflated > size) throw new ArchiveRefusedError(`${entry.path} unpacks to more than the ${size} bytes it declares`);
        }
      }
    }
  } catch (error) {
    if (error instanceof ArchiveRefusedError) throw error;
    throw new ArchiveRefusedError(`not a readable zip archive (${(error as Error).message})`, { cause: error });
  } finally {
    source.destroy();
    entries.destroy();
  }
}
