import { existsSync } from "node:fs";
import { stat } from "node:fs/promises";
import { openCsv } from "./csv-rows";
import { FieldReader } from "./fields";
import type { ImportRun, KindOutcome } from "./import-run";
import type { CsvKind } from "./mapping";
import { REQUIRED_COLUMNS } from "./records";
import { missingColumnReason, type TableFile, type TableOptions, type TableRow } from "./table-file";
import { isWorkbook, openWorkbook, SheetNotFoundError } from "./workbook-rows";

/** Opens a kind's file as a table: a workbook's sheet, or a CSV in its encoding. */
function openTable(run: ImportRun, kind: CsvKind, file: string, options: TableOptions): Promise<TableFile> {
  if (isWorkbook(file)) return openWorkbook(file, kind, options);
  return openCsv(file, kind, { ...options, encoding: run.declaredEncoding(kind) });
}

/**
 * The rows of a kind's table (CSV or worksheet) in batches, each row with a field reader set on it
 * (one reader, reset per row), counting them as read and showing progress. What the file's reader
 * could not read of a row (bytes not valid in the encoding, a cell error) is that row's issue and the
 * row is not yielded. A file missing a required column, or a workbook without the sheet asked for,
 * has its issues recorded and yields nothing.
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
    outcome.issues.add({
      file: outcome.issues.file,
      line: 1,
      column: "file",
      reason: `${rival} is here too: name the one to import in the mapping (files: ${kind}: <file>)`,
    });
    return;
  }
  progress.start(outcome.file, (await stat(file)).size);
  let table: TableFile;
  try {
    table = await openTable(run, kind, file, { mapping, required: REQUIRED_COLUMNS[kind], onBytes: (read) => progress.update(read) });
  } catch (error) {
    progress.stop();
    if (!(error instanceof SheetNotFoundError)) throw error;
    outcome.issues.add({ file: outcome.issues.file, line: 1, column: "sheet", reason: error.message });
    return;
  }
  outcome.issues.file = table.label;
  outcome.format = table.format;
  const positionName = (at: number) => (table.cells.kind === "workbook" ? columnLetter(at) : `field ${at + 1}`);
  for (const problem of table.header.problems ?? [])
    outcome.issues.add({ file: table.label, line: table.header.line, column: positionName(problem.at), reason: problem.reason });
  for (const missing of table.missingColumns)
    outcome.issues.add({ file: table.label, line: table.header.line, column: missing.header, reason: missingColumnReason(kind, missing) });
  if (table.missingColumns.length > 0) {
    progress.stop();
    return;
  }
  // Only the columns read are checked: a problem in a column the import ignores loses nothing.
  const columnAt = new Map([...table.columns].map(([column, at]) => [at, column]));
  const fields = new FieldReader(mapping, table.columns, table.cells);
  try {
    for await (const rows of table.batches) {
      outcome.read += rows.length;
      yield { batch: rows.some((row) => row.problems) ? readable(rows, columnAt, outcome) : rows, fields };
    }
  } finally {
    outcome.emptyRows = table.emptyRows;
    progress.stop();
  }
}

/** The rows without problems in the columns read; the others are recorded as issues. */
function readable(rows: TableRow[], columnAt: ReadonlyMap<number, string>, outcome: KindOutcome): TableRow[] {
  return rows.filter((row) => {
    const problems = (row.problems ?? []).flatMap(({ at, reason }) => {
      const column = columnAt.get(at);
      return column === undefined ? [] : [{ column, reason }];
    });
    outcome.issues.addRow(row.line, problems);
    return problems.length === 0;
  });
}

/** "A", "B", … "AA" for a 0-based position. */
function columnLetter(at: number): string {
  let letters = "";
  for (let n = at + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/**
 * Reads every row of a kind's table through `read`, recording each bad row's issues; the valid
 * records, or undefined when the file is absent.
 */
export async function readTableRecords<T>(
  run: ImportRun,
  kind: CsvKind,
  read: (f: FieldReader, row: TableRow) => T,
): Promise<{ outcome: KindOutcome; records: T[] } | undefined> {
  const file = run.file(kind);
  if (!existsSync(file)) return undefined;
  const started = Date.now();
  const outcome = run.outcome(kind, file);
  const records: T[] = [];
  for await (const { batch, fields } of tableBatches(run, kind, file, outcome)) {
    for (const row of batch) {
      const record = read(fields.reset(row.values), row);
      if (fields.problems.length > 0) outcome.issues.addRow(row.line, fields.problems);
      else records.push(record);
    }
  }
  outcome.durationMs = Date.now() - started;
  return { outcome, records };
}
