import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { parse } from "csv-parse";
import { sourceColumn, type CsvKind, type Mapping } from "./mapping";

/** One CSV record keyed by our column names, with the line it ends on (the header is line 1). */
export interface CsvRow {
  line: number;
  record: Record<string, string>;
}

/** A CSV file opened for streaming: its missing required columns, and its rows. */
export interface CsvFile {
  missingColumns: string[];
  rows: AsyncIterable<CsvRow>;
}

/**
 * Streams a CSV file with csv-parse (BOM, quoted fields, CRLF), renaming the export's headers to our
 * column names through the mapping. `onBytes` reports progress as the file is read.
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
  let headers: string[] = [];
  const parser = parse({
    bom: true,
    delimiter: mapping.delimiter,
    trim: true,
    skip_empty_lines: true,
    relax_column_count: true,
    // The line each record ends on, without the per-record info copy `info: true` makes (it doubles parse time).
    on_record: (record: Record<string, string>, context: { lines: number }) => ({ record, line: context.lines }),
    columns: (header: string[]) => (headers = header.map((name) => rename.get(name.trim()) ?? name.trim())),
  });
  const source = createReadStream(file);
  let read = 0;
  source.on("data", (chunk) => {
    read += chunk.length;
    onBytes(read, total);
  });
  source.on("error", (error) => parser.destroy(error));
  source.pipe(parser);
  const iterator = parser[Symbol.asyncIterator]();
  const first = await iterator.next();
  const missingColumns = required.filter((column) => !headers.includes(column)).map((column) => sourceColumn(mapping, kind, column));
  async function* rows(): AsyncIterable<CsvRow> {
    let next: IteratorResult<unknown> = first;
    while (!next.done) {
      yield next.value as CsvRow;
      next = await iterator.next();
    }
  }
  if (first.done || missingColumns.length > 0) source.destroy();
  return { missingColumns, rows: rows() };
}
