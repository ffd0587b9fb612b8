import { stat } from "node:fs/promises";
import path from "node:path";
import { distance } from "fastest-levenshtein";
import { openCsv } from "./csv-rows";
import { FieldReader } from "./fields";
import type { ImportRun, KindOutcome } from "./import-run";
import { REQUIRED_COLUMNS, type CsvKind, type Mapping } from "./mapping";
import type { CellProblem, TableFile, TableRow } from "./table-file";
import { openWorkbook } from "./workbook-thread";
import { FileRefusedError } from "./zip-bounds";

// Headers listed when none is close to a missing column's.
const MAX_HEADERS_LISTED = 8;

function openTable(run: ImportRun, kind: CsvKind, file: string, onBytes: (read: number) => void): Promise<TableFile> {
  const { mapping, sheetWorker } = run.options;
  if (path.extname(file).toLowerCase() === ".xlsx")
    return openWorkbook({ file, kind, sheet: mapping.sheets[kind], decimalComma: mapping.decimalComma }, onBytes, sheetWorker);
  // `--encoding` over the mapping's (one for every CSV, or one per kind); else detected.
  const encoding = run.options.encoding ?? (typeof mapping.encoding === "string" ? mapping.encoding : mapping.encoding?.[kind]);
  return openCsv(file, { delimiter: mapping.delimiter, encoding: encoding && { encoding, bom: false, declared: true }, onBytes });
}

/**
 * The first record is the header. A file missing a required column or sheet, or refused for what it unpacks to, has its issues recorded
 * and yields nothing.
 */
export async function* tableBatches(
  run: ImportRun,
  kind: CsvKind,
  file: string,
  outcome: KindOutcome,
): AsyncIterable<{ batch: TableRow[]; fields: FieldReader }> {
  const { progress, mapping } = run.options;
  const rival = run.rivalFile(kind);
  if (rival !== undefined) {
    outcome.issues.refuse(1, "file", `${rival} is here too: name the one to import in the mapping (files: ${kind}: <file>)`);
    return;
  }
  progress.start(outcome.file, (await stat(file)).size);
  let table: TableFile;
  let first: IteratorResult<TableRow[]>;
  try {
    table = await openTable(run, kind, file, (read) => progress.update(read));
    first = await table.batches.next();
  } catch (error) {
    progress.stop();
    if (!(error instanceof FileRefusedError)) throw error;
    outcome.issues.refuse(1, error.column, error.message);
    return;
  }
  try {
    const rows = first.done ? [] : first.value;
    const header = rows.shift() ?? { line: 1, values: [] };
    outcome.issues.file = table.label;
    outcome.format = table.format;
    const workbook = table.cells.kind === "workbook";
    const positionName = (at: number) => (workbook ? columnLetter(at) : `field ${at + 1}`);
    const headerProblems = [...(header.unreadable ?? []), ...(workbook ? mergedHeaderProblems(header.values) : [])];
    for (const problem of [...headerProblems, ...(header.rowProblem ? [header.rowProblem] : [])])
      outcome.issues.add(header.line, positionName(problem.at), problem.reason);
    if (header.values.length === 0 && header.rowProblem === undefined) {
      outcome.issues.refuse(1, "file", "the file is empty (no header line, no rows)");
      return;
    }
    const { columns, missingColumns } = columnsOf(header.values, kind, mapping);
    for (const missing of missingColumns) outcome.issues.refuse(header.line, missing.column, missing.reason);
    if (missingColumns.length > 0) return;
    const fields = new FieldReader(mapping, columns, table.cells);
    const columnName = (at: number) => fields.columnAt.get(at) ?? (header.values[at]?.trim() || positionName(at));
    // A CSV row with more fields than the header has a delimiter where none belongs: every value after it is shifted.
    const fieldsAllowed = workbook ? Infinity : header.values.length;
    const issueOf = (row: TableRow) => {
      if (row.rowProblem) return { column: columnName(row.rowProblem.at), reason: row.rowProblem.reason };
      if (row.values.length <= fieldsAllowed) return undefined;
      const reason = `${row.values.length} fields where the header has ${fieldsAllowed}: a value with the delimiter in it (like 12,500) must be in quotes ("12,500")`;
      return { column: "row", reason };
    };
    // The rows the kind reads; a row with an issue of its own is reported here.
    const readable = (batch: TableRow[]) => {
      outcome.read += batch.length;
      return batch.filter((row) => {
        const issue = issueOf(row);
        if (issue !== undefined) outcome.issues.addRow(row.line, [issue]);
        return issue === undefined;
      });
    };
    try {
      yield { batch: readable(rows), fields };
      for await (const batch of table.batches) yield { batch: readable(batch), fields };
    } finally {
      outcome.emptyRows = table.emptyRows;
    }
  } finally {
    await table.batches.return(undefined);
    progress.stop();
  }
}

/** Where each column is, by our name (renamed through the mapping), and the issue of each required column missing. */
function columnsOf(header: readonly string[], kind: CsvKind, mapping: Mapping) {
  const rename = new Map(Object.entries(mapping.columns[kind] ?? {}).map(([ours, theirs]) => [theirs, ours]));
  const names = header.map((name) => name.trim());
  const columns = new Map(names.map((name, index) => [rename.get(name) ?? name, index]));
  const missingColumns = REQUIRED_COLUMNS[kind]
    .filter((column) => !columns.has(column))
    .map((column) => {
      const expected = mapping.columns[kind]?.[column] ?? column;
      const headers = names.filter((name) => name !== "");
      const closest = closestHeaders(expected, headers);
      const quoted = (list: readonly string[]) => list.map((name) => JSON.stringify(name)).join(", ");
      const found =
        closest.length > 0
          ? `closest headers found: ${quoted(closest)}`
          : `headers found: ${quoted(headers.slice(0, MAX_HEADERS_LISTED))}${headers.length > MAX_HEADERS_LISTED ? ", …" : ""}`;
      const reason = `missing required column (${found}; name the file's header in the mapping: columns: ${kind}: ${column}: <header>)`;
      return { column: expected, reason };
    });
  return { columns, missingColumns };
}

/** At most three headers like `expected`, closest first (case, spaces and punctuation aside): "Supplier ID" is close to supplierId. */
function closestHeaders(expected: string, headers: readonly string[]): string[] {
  const key = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
  const wanted = key(expected);
  return headers
    .map((header) => ({ header, distance: distance(wanted, key(header)) }))
    .filter((candidate) => candidate.distance <= Math.max(2, Math.ceil(wanted.length / 2)))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, 3)
    .map((candidate) => candidate.header);
}

// Merged header cells leave all but their first empty.
function mergedHeaderProblems(header: readonly string[]): CellProblem[] {
  const last = header.findLastIndex((name) => name.trim() !== "");
  const firstNamed = header.findIndex((name) => name.trim() !== "");
  const reason = "empty header cell (merged header cells name only their first column: give each column its own header)";
  return header.flatMap((name, at) => (at > firstNamed && at < last && name.trim() === "" ? [{ at, reason }] : []));
}
function columnLetter(at: number): string {
  let letters = "";
  for (let n = at + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Undefined when the file is absent. `checkId` fails a row whose id an earlier row used, naming the line that one was on. */
export async function readTableRecords<T>(
  run: ImportRun,
  kind: CsvKind,
  read: (f: FieldReader, row: TableRow, checkId: (id: string, column?: string) => void) => T,
): Promise<{ outcome: KindOutcome; records: T[] } | undefined> {
  const file = run.file(kind);
  if (file === undefined) return undefined;
  const started = Date.now();
  const outcome = run.outcome(kind, file);
  const records: T[] = [];
  const firstLine = new Map<string, number>();
  for await (const { batch, fields } of tableBatches(run, kind, file, outcome)) {
    for (const row of batch) {
      const record = read(fields.reset(row.values, row.unreadable), row, (id, column = "id") => {
        const first = firstLine.get(id);
        if (first !== undefined) fields.fail(column, `duplicate id ${JSON.stringify(id)} (first on line ${first})`);
        else if (id !== "") firstLine.set(id, row.line);
      });
      if (fields.problems.length > 0) outcome.issues.addRow(row.line, fields.problems);
      else records.push(record);
    }
  }
  outcome.durationMs = Date.now() - started;
  return { outcome, records };
}
