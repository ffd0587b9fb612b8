import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { parse, type Parser } from "csv-parse";
import { sourceColumn, type CsvKind, type Mapping } from "./mapping";

/** One CSV record as its field values, with the line it ends on (the header is line 1). */
export interface CsvRow {
  line: number;
  values: string[];
}

/** A CSV file opened for streaming: its missing required columns, where each column is, and its rows in batches. */
export interface CsvFile {
  missingColumns: string[];
  /** Our column name → position in a record. */
  columns: ReadonlyMap<string, number>;
  /** The records, in batches of what the parser has ready (one promise per batch, not per row). */
  batches: AsyncIterable<CsvRow[]>;
}

/**
 * Streams a CSV file with csv-parse (BOM, quoted fields, CRLF), renaming the export's headers to our
 * column names through the mapping. `onBytes` reports progress as the file is read.
 *
 * Records come as arrays and the line numbers are counted here: csv-parse's per-record info (and
 * keyed records) cost more than the parsing itself at a million rows. A record ends one line after
 * the previous one plus the line breaks inside its quoted fields; empty lines are kept by the parser
 * (so they count) and dropped here.
 */
export async function openCsv(
  file: string,
  kind: CsvKind,
  mapping: Mapping,
  required: readonly string[],
  onBytes: (read: number, total: number) => void = () => {},
): Promise<CsvFile> {
  const total = (await stat(file)).size;
  const rename = new Map(Object.entries(mapping.columns[kind] ?? {}).map(([ours, theirs]) => [theirs, ours]));
  const parser = parse({ bom: true, delimiter: mapping.delimiter, relax_column_count: true });
  const source = createReadStream(file);
  let read = 0;
  source.on("data", (chunk) => {
    read += chunk.length;
    onBytes(read, total);
  });
  source.on("error", (error) => parser.destroy(error));
  source.pipe(parser);
  const records = batchesOf(parser);
  const first = await records.next();
  const header = first.done ? [] : first.value[0]!.values;
  const columns = new Map(header.map((name, index) => [rename.get(name.trim()) ?? name.trim(), index]));
  const missingColumns = required.filter((column) => !columns.has(column)).map((column) => sourceColumn(mapping, kind, column));
  if (first.done || missingColumns.length > 0) source.destroy();
  async function* batches(): AsyncIterable<CsvRow[]> {
    if (first.done) return;
    const rest = first.value.slice(1);
    if (rest.length > 0) yield rest;
    for (let next = await records.next(); !next.done; next = await records.next()) yield next.value;
  }
  return { missingColumns, columns, batches: batches() };
}

/** Every non-empty record the parser produces, numbered by line, a batch per readable event. */
async function* batchesOf(parser: Parser): AsyncGenerator<CsvRow[]> {
  let line = 0;
  for (;;) {
    const batch: CsvRow[] = [];
    for (let values = parser.read() as string[] | null; values !== null; values = parser.read() as string[] | null) {
      line += 1 + lineBreaksIn(values);
      if (values.length === 1 && values[0]!.trim() === "") continue;
      batch.push({ line, values });
    }
    if (batch.length > 0) yield batch;
    else if (parser.readableEnded || parser.destroyed) {
      if (parser.errored) throw parser.errored;
      return;
    } else await readableOrEnd(parser);
  }
}

function lineBreaksIn(values: readonly string[]): number {
  let breaks = 0;
  for (const value of values) for (let at = value.indexOf("\n"); at !== -1; at = value.indexOf("\n", at + 1)) breaks++;
  return breaks;
}

function readableOrEnd(parser: Parser): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      parser.off("readable", done).off("end", done).off("close", done).off("error", failed);
      resolve();
    };
    const failed = (error: Error) => {
      parser.off("readable", done).off("end", done).off("close", done).off("error", failed);
      reject(error);
    };
    parser.on("readable", done).on("end", done).on("close", done).on("error", failed);
  });
}
