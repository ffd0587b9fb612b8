import { distance } from "fastest-levenshtein";
import { sourceColumn, type CsvKind, type Mapping } from "./mapping";

/** A value of a row the file's reader could not read (bytes not valid in the encoding, a cell error). */
export interface CellProblem {
  at: number;
  reason: string;
}

/** `line`: the CSV line it ends on (the header is line 1), or the worksheet row. */
export interface TableRow {
  line: number;
  values: string[];
  unreadable?: CellProblem[];
  /** The row's one issue when none of it could be read (too long, a quote the CSV parser cannot place). */
  rowProblem?: CellProblem;
}

/** A required column the header does not have, with the headers most like the name expected. */
export interface MissingColumn {
  column: string;
  header: string;
  closest: string[];
  headers: readonly string[];
}

// Headers listed when none is close to a missing column's.
const MAX_HEADERS_LISTED = 8;

/** Where a table's cells come from: a workbook's dates may be serial numbers (counted from 1904 in old Mac workbooks). */
export type CellSource = { kind: "text" } | { kind: "workbook"; date1904: boolean };

export interface TableFile {
  label: string;
  format: string;
  cells: CellSource;
  header: TableRow;
  missingColumns: MissingColumn[];
  columns: ReadonlyMap<string, number>;
  /** The records with any value, in batches of what the reader has ready (one promise per batch, not per row). */
  batches: AsyncIterable<TableRow[]>;
  readonly emptyRows: number;
}

export interface TableOptions {
  mapping: Mapping;
  required: readonly string[];
  onBytes?: (read: number) => void;
}

/** Where each column is, by our name (renamed through the mapping), and the required columns missing with the headers closest to each. */
export function columnsOf(
  header: readonly string[],
  kind: CsvKind,
  mapping: Mapping,
  required: readonly string[],
): { columns: Map<string, number>; missingColumns: MissingColumn[] } {
  const rename = new Map(Object.entries(mapping.columns[kind] ?? {}).map(([ours, theirs]) => [theirs, ours]));
  const names = header.map((name) => name.trim());
  const columns = new Map(names.map((name, index) => [rename.get(name) ?? name, index]));
  const missingColumns = required
    .filter((column) => !columns.has(column))
    .map((column) => {
      const expected = sourceColumn(mapping, kind, column);
      return { column, header: expected, closest: closestHeaders(expected, names), headers: names.filter((name) => name !== "") };
    });
  return { columns, missingColumns };
}

/** At most three headers like `expected`, closest first (case, spaces and punctuation aside): "Supplier ID" is close to supplierId. */
function closestHeaders(expected: string, headers: readonly string[]): string[] {
  const key = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
  const wanted = key(expected);
  return headers
    .filter((header) => header !== "")
    .map((header) => ({ header, distance: distance(wanted, key(header)) }))
    .filter((candidate) => candidate.distance <= Math.max(2, Math.ceil(wanted.length / 2)))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, 3)
    .map((candidate) => candidate.header);
}

export function missingColumnReason(kind: CsvKind, missing: MissingColumn): string {
  const quoted = (headers: readonly string[]) => headers.map((header) => JSON.stringify(header)).join(", ");
  const found =
    missing.closest.length > 0
      ? `closest headers found: ${quoted(missing.closest)}`
      : `headers found: ${quoted(missing.headers.slice(0, MAX_HEADERS_LISTED))}${missing.headers.length > MAX_HEADERS_LISTED ? ", …" : ""}`;
  return `missing required column (${found}; name the file's header in the mapping: columns: ${kind}: ${missing.column}: <header>)`;
}

/** The first record as header (an empty one on line 1 when there is none) and the records after it. */
export async function headerAndRecords(
  batches: AsyncIterator<TableRow[]>,
): Promise<{ header: TableRow; records: AsyncIterable<TableRow[]> }> {
  const first = await batches.next();
  const firstBatch: TableRow[] = first.done ? [] : first.value;
  async function* records(): AsyncIterable<TableRow[]> {
    try {
      if (firstBatch.length === 0) return;
      if (firstBatch.length > 1) yield firstBatch.slice(1);
      for (let next = await batches.next(); !next.done; next = await batches.next()) yield next.value;
    } finally {
      // A reader left before its end closes its file (or stops its worker).
      await batches.return?.(undefined);
    }
  }
  return { header: firstBatch[0] ?? { line: 1, values: [] }, records: records() };
}

export function isEmptyRecord(values: readonly unknown[]): boolean {
  for (const value of values) {
    if (value === undefined || value === null) continue;
    if (typeof value !== "string" || value.trim() !== "") return false;
  }
  return true;
}
