import { createReadStream } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { parse, type CsvError } from "csv-parse";
import { IMPORT_LIMITS, rowLengthProblem } from "./limits";
import { countOf, RecordSizeGuard } from "./record-size-guard";
import { isEmptyRecord, type CellProblem, type TableFile, type TableRow } from "./table-file";
import { decodingStream, describeEncoding, detectEncoding, invalidBytesReason, REPLACEMENT, type FileEncoding } from "./text-encoding";

// Excel's "Unicode text" is tab-separated.
const DELIMITERS = [",", "\t", ";"] as const;

/**
 * Line numbers are counted here from the line breaks inside quoted fields: csv-parse's per-record info costs more than the parsing at a
 * million rows. A record over the row limit reaches the parser cut short and is a row with only that problem.
 */
export async function openCsv(
  file: string,
  options: { delimiter?: string; encoding?: FileEncoding; onBytes?: (read: number) => void },
): Promise<TableFile> {
  const { onBytes = () => {} } = options;
  const encoding = options.encoding ?? (await detectEncoding(file));
  const decoder = decodingStream(encoding);
  const source = createReadStream(file);
  source.on("data", () => onBytes(source.bytesRead));
  const guard = new RecordSizeGuard(IMPORT_LIMITS.rowChars);
  source.on("error", (error) => decoder.destroy(error));
  decoder.on("error", (error: Error) => guard.destroy(error));
  source.pipe(decoder).pipe(guard);
  // Only once invalid bytes became U+FFFD does the reader look for it in each row (one already in the file is reported the same way: some
  // earlier conversion lost a character).
  let sawInvalid = false;
  decoder.on("data", (text: string) => (sawInvalid ||= text.includes(REPLACEMENT)));
  // The parser is made once the first text is there: the delimiter may be sniffed from it.
  await readableOrEnd(guard);
  const firstText = (guard.read() as string | null) ?? "";
  // A record the parser cannot read (a quote inside a value not in quotes) is that row's issue, not the file's end.
  const parser = parse({
    delimiter: options.delimiter ?? sniffDelimiter(firstText),
    relax_column_count: true,
    skip_records_with_error: true,
  });
  const skipped: (CellProblem & { line: number })[] = [];
  parser.on("skip", (error: CsvError) => {
    const line = Number(error.lines);
    if (skipped.at(-1)?.line !== line) skipped.push({ line, at: Number(error.index ?? 0), reason: unparsableReason(error) });
  });
  guard.on("error", (error) => parser.destroy(error));
  if (firstText !== "") parser.write(firstText);
  if (guard.readableEnded) parser.end();
  else guard.pipe(parser);
  let emptyRows = 0;
  // The guard counts records as the parser does (one per line end outside quotes).
  async function* batches(): AsyncGenerator<TableRow[]> {
    let line = 0;
    let record = -1;
    try {
      for (;;) {
        const batch: TableRow[] = [];
        // The records the parser skipped up to `upTo`, in their place: each is a row with its one issue.
        const rowsSkipped = (upTo: number) => {
          for (let next = skipped[0]; next !== undefined && next.line <= upTo; next = skipped[0]) {
            skipped.shift();
            line = next.line;
            batch.push({ line, values: [], rowProblem: { at: next.at, reason: next.reason } });
          }
        };
        for (let values = parser.read() as string[] | null; values !== null; values = parser.read() as string[] | null) {
          rowsSkipped(line + 1);
          record += 1;
          line += 1 + values.reduce((breaks, value) => breaks + countOf(value, "\n"), 0);
          const cut = guard.cut[0]?.record === record ? guard.cut.shift() : undefined;
          if (cut) {
            line += cut.droppedLineBreaks;
            batch.push({ line, values: [], rowProblem: { at: values.length - 1, reason: rowLengthProblem(cut.chars) } });
            continue;
          }
          if (values[0].trim() === "" && isEmptyRecord(values)) {
            emptyRows += 1;
            continue;
          }
          const problems = sawInvalid ? invalidValues(values, encoding) : undefined;
          batch.push(problems ? { line, values, unreadable: problems } : { line, values });
        }
        const ended = parser.readableEnded || parser.destroyed;
        if (ended) rowsSkipped(Infinity);
        if (batch.length > 0) yield batch;
        else if (ended) {
          if (parser.errored) throw parser.errored;
          return;
        } else await readableOrEnd(parser);
      }
    } finally {
      // A reader left before its end (a header without the required columns) closes its file.
      source.destroy();
    }
  }
  return {
    label: path.basename(file),
    format: describeEncoding(encoding),
    cells: { kind: "text" },
    batches: batches(),
    get emptyRows() {
      return emptyRows;
    },
  };
}

function sniffDelimiter(text: string): string {
  const end = text.search(/\r|\n/);
  const line = end === -1 ? text : text.slice(0, end);
  const count = (delimiter: string) => line.split(delimiter).length;
  return DELIMITERS.reduce((best, delimiter) => (count(delimiter) > count(best) ? delimiter : best));
}

function unparsableReason(error: CsvError): string {
  if (error.code === "INVALID_OPENING_QUOTE" || error.code === "CSV_INVALID_CLOSING_QUOTE")
    return 'a quote (") inside a value that is not in quotes: put the whole value in quotes and double the quote inside ("12"" screen")';
  return error.message;
}

function invalidValues(values: readonly string[], encoding: FileEncoding): CellProblem[] | undefined {
  const problems = values.flatMap((value, at) => (value.includes(REPLACEMENT) ? [{ at, reason: invalidBytesReason(encoding) }] : []));
  return problems.length > 0 ? problems : undefined;
}

function readableOrEnd(stream: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      stream.off("readable", settle).off("end", settle).off("close", settle).off("error", settle);
      if (error) reject(error);
      else resolve();
    };
    stream.on("readable", settle).on("end", settle).on("close", settle).on("error", settle);
  });
}
