import { stat } from "node:fs/promises";
import path from "node:path";
import { openCsv } from "./csv-rows";
import { FieldReader } from "./fields";
import type { ImportRun, KindOutcome } from "./import-run";
import { REQUIRED_COLUMNS, type CsvKind } from "./mapping";
import { missingColumnReason, type TableFile, type TableOptions, type TableRow } from "./table-file";
import { openWorkbook } from "./workbook-rows";
import { SheetNotFoundError } from "./workbook-sheet";
import { ArchiveRefusedError } from "./zip-bounds";

export interface RecordRow {
  line: number;
  values: string[];
  problems?: readonly { column: string; reason: string }[];
}

function openTable(run: ImportRun, kind: CsvKind, file: string, options: TableOptions): Promise<TableFile> {
  if (path.extname(file).toLowerCase() === ".xlsx") return openWorkbook(file, kind, options, run.options.sheetWorker);
  return openCsv(file, kind, { ...options, encoding: run.declaredEncoding(kind) });
}

/** A file missing a required column or sheet, or refused for what it unpacks to, has its issues recorded and yields nothing. */
export async function* tableBatches(
  run: ImportRun,
  kind: CsvKind,
  file: string,
  outcome: KindOutcome,
): AsyncIterable<{ batch: RecordRow[]; fields: FieldReader }> {
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
    if (error instanceof ArchiveRefusedError) {
      outcome.issues.add({ file: outcome.issues.file, line: 1, column: "file", reason: error.message });
      return;
    }
    if (!(error instanceof SheetNotFoundError)) throw error;
    outcome.issues.add({ file: outcome.issues.file, line: 1, column: "sheet", reason: error.message });
    return;
  }
  outcome.issues.file = table.label;
  outcome.format = table.format;
  const positionName = (at: number) => (table.cells.kind === "workbook" ? columnLetter(at) : `field ${at + 1}`);
  for (const problem of [...(table.header.unreadable ?? []), ...(table.header.rowProblem ? [table.header.rowProblem] : [])])
    outcome.issues.add({ file: table.label, line: table.header.line, column: positionName(problem.at), reason: problem.reason });
  if (table.header.values.length === 0 && table.header.rowProblem === undefined) {
    outcome.issues.add({ file: table.label, line: 1, column: "file", reason: "the file is empty (no header line, no rows)" });
    progress.stop();
    return;
  }
  for (const missing of table.missingColumns)
    outcome.issues.add({ file: table.label, line: table.header.line, column: missing.header, reason: missingColumnReason(kind, missing) });
  if (table.missingColumns.length > 0) {
    progress.stop();
    return;
  }
  const columnAt = new Map([...table.columns].map(([column, at]) => [at, column]));
  const columnName = (at: number) => columnAt.get(at) ?? (table.header.values[at]?.trim() || positionName(at));
  const fields = new FieldReader(mapping, table.columns, table.cells);
  // A CSV row with more fields than the header has a delimiter where none belongs: every value after it is shifted.
  const fieldsAllowed = table.cells.kind === "text" ? table.header.values.length : Infinity;
  const issueOf = (row: TableRow) =>
    row.rowProblem
      ? { column: columnName(row.rowProblem.at), reason: row.rowProblem.reason }
      : extraFieldsProblem(row.values, fieldsAllowed);
  try {
    for await (const rows of table.batches) {
      outcome.read += rows.length;
      const readable = rows.some((row) => row.rowProblem !== undefined || row.values.length > fieldsAllowed)
        ? withoutRowIssues(rows, outcome, issueOf)
        : rows;
      yield { batch: readable.some((row) => row.unreadable) ? readable.map((row) => withProblems(row, columnAt)) : readable, fields };
    }
  } finally {
    outcome.emptyRows = table.emptyRows;
    progress.stop();
  }
}

function withoutRowIssues(
  rows: readonly TableRow[],
  outcome: KindOutcome,
  issueOf: (row: TableRow) => { column: string; reason: string } | undefined,
): TableRow[] {
  return rows.filter((row) => {
    const issue = issueOf(row);
    if (issue !== undefined) outcome.issues.addRow(row.line, [issue]);
    return issue === undefined;
  });
}

function extraFieldsProblem(values: readonly string[], allowed: number): { column: string; reason: string } | undefined {
  if (values.length <= allowed) return undefined;
  return {
    column: "row",
    reason: `${values.length} fields where the header has ${allowed}: a value with the delimiter in it (like 12,500) must be in quotes ("12,500")`,
  };
}

/** A column the import ignores loses nothing. */
function withProblems(row: TableRow, columnAt: ReadonlyMap<number, string>): RecordRow {
  const problems = (row.unreadable ?? []).flatMap(({ at, reason }) => {
    const column = columnAt.get(at);
    return column === undefined ? [] : [{ column, reason }];
  });
  return { line: row.line, values: row.values, ...(problems.length > 0 ? { problems } : {}) };
}

function columnLetter(at: number): string {
  let letters = "";
  for (let n = at + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Undefined when the file is absent. */
export async function readTableRecords<T>(
  run: ImportRun,
  kind: CsvKind,
  read: (f: FieldReader, row: RecordRow) => T,
): Promise<{ outcome: KindOutcome; records: T[] } | undefined> {
  const file = run.file(kind);
  if (file === undefined) return undefined;
  const started = Date.now();
  const outcome = run.outcome(kind, file);
  const records: T[] = [];
  for await (const { batch, fields } of tableBatches(run, kind, file, outcome)) {
    for (const row of batch) {
      const record = read(fields.reset(row.values, row.problems), row);
      if (fields.problems.length > 0) outcome.issues.addRow(row.line, fields.problems);
      else records.push(record);
    }
  }
  outcome.durationMs = Date.now() - started;
  return { outcome, records };
}
