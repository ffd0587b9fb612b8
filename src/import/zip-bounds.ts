// Every .xlsx and .docx is bounded first by its declared sizes, then by inflating each entry with its declared size as a cap (a forged
// header can declare less than the data holds).

import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import unzipper from "unzipper";

// All that Office writes.
const STORED = 0;
const DEFLATED = 8;

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A file refused for what it holds; `column`: where its issue is reported ("sheet" for a worksheet the workbook does not have). */
export class FileRefusedError extends Error {
  constructor(
    message: string,
    readonly column = "file",
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * Inflates nothing; returns each entry's declared size. `entryBytes`: per entry, for a reader that holds some entries whole (an .xlsx's
 * shared strings).
 */
export async function checkDeclaredSizes(
  archive: string | Buffer,
  totalBytes: number,
  entryBytes: (name: string) => number = () => Infinity,
): Promise<Map<string, number>> {
  let directory: unzipper.CentralDirectory;
  try {
    directory = await (typeof archive === "string" ? unzipper.Open.file(archive) : unzipper.Open.buffer(archive));
  } catch (error) {
    throw new FileRefusedError(`not a readable zip archive (${(error as Error).message})`, "file", { cause: error });
  }
  const files = directory.files.filter((entry) => entry.type === "File");
  // The streaming parser would read any other method as deflate and fail with zlib's words instead.
  const unsupported = files.find(({ compressionMethod }) => compressionMethod !== STORED && compressionMethod !== DEFLATED);
  if (unsupported)
    throw new FileRefusedError(`${unsupported.path} uses an unsupported compression method (${unsupported.compressionMethod})`);
  const declared = new Map(files.map((entry) => [entry.path, entry.uncompressedSize]));
  let total = 0;
  for (const [name, size] of declared) {
    total += size;
    const allowed = entryBytes(name);
    if (size > allowed) throw new FileRefusedError(`${name} unpacks to ${megabytes(size)}, more than the ${megabytes(allowed)} allowed`);
  }
  if (total > totalBytes) throw new FileRefusedError(`unpacks to ${megabytes(total)}, more than the ${megabytes(totalBytes)} allowed`);
  return declared;
}

/** Refuses an entry the directory does not list, or lists twice: a streaming reader sees entries the directory does not list. */
export async function checkInflatedSizes(archive: string | Buffer, declared: ReadonlyMap<string, number>): Promise<void> {
  const source = typeof archive === "string" ? createReadStream(archive) : Readable.from(archive);
  const entries = source.pipe(unzipper.Parse({ forceStream: true }));
  const seen = new Set<string>();
  try {
    for await (const item of entries) {
      const entry = item as unzipper.Entry;
      const size = declared.get(entry.path);
      if (entry.type === "Directory") entry.autodrain();
      else if (size === undefined || seen.has(entry.path)) {
        throw new FileRefusedError(`${entry.path} is not listed once in the archive's directory`);
      } else {
        seen.add(entry.path);
        for await (const _chunk of boundedBytes(entry.path, size, entry));
      }
    }
  } catch (error) {
    if (error instanceof FileRefusedError) throw error;
    throw new FileRefusedError(`not a readable zip archive (${(error as Error).message})`, "file", { cause: error });
  } finally {
    source.destroy();
    entries.destroy();
  }
}

/**
 * An entry's bytes as they inflate, never more than `size`: what the archive declares for it. A reader that reaches its data through the
 * directory bounds it too, as that data could differ from what `checkInflatedSizes` streamed.
 */
export async function* boundedBytes(name: string, size: number, chunks: AsyncIterable<unknown>): AsyncGenerator<Buffer> {
  let inflated = 0;
  for await (const chunk of chunks as AsyncIterable<Buffer>) {
    inflated += chunk.length;
    if (inflated > size) throw new FileRefusedError(`${name} unpacks to more than the ${size} bytes it declares`);
    yield chunk;
  }
}
