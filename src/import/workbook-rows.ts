import { createReadStream } from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import { IMPORT_LIMITS } from "./limits";
import type { CsvKind, Mapping } from "./mapping";
import {
  columnsOf,
  headerAndRecords,
  isEmptyRecord,
  type CellProblem,
  type TableFile,
  type TableOptions,
  type TableRow,
} from "./table-file";
import { checkUnpackedFile } from "./zip-bounds";

/** A workbook's file extensions. */
export const WORKBOOK_EXTENSIONS = [".xlsx"] as const;

export function isWorkbook(file: string): boolean {
  return (WORKBOOK_EXTENSIONS as readonly string[]).includes(path.extname(file).toLowerCase());
}

/** A worksheet as the streaming reader gives it (its typings leave out the name). */
interface SheetReader {
  name: string;
  parse(): AsyncIterable<{ eventType: string; value: unknown }[]>;
}

/** What the streaming reader gives for a row: its number in the sheet and its values by column (1-based). */
interface SheetRow {
  number: number;
  values: unknown[];
}

/** A workbook has no worksheet of the name the mapping gives. */
export class SheetNotFoundError extends Error {}

const WORKSHEET_PART = /^xl\/worksheets\/sheet\d+\.xml$/;

/** The unpacked sizes a workbook may have: worksheets are streamed, every other part may be held whole. */
const WORKBOOK_LIMITS = {
  totalBytes: IMPORT_LIMITS.workbookUnpackedBytes,
  entryBytes: (name: string) => (WORKSHEET_PART.test(name) ? IMPORT_LIMITS.workbookUnpackedBytes : IMPORT_LIMITS.workbookPartBytes),
};

/**
 * Streams one worksheet of an .xlsx workbook with exceljs's streaming reader (the mapping's sheet
 * for the kind, else the first): the first row with a value is the header, the rows after it are the
 * records. Cells are read as the values they hold, rendered as the text the field reader reads:
 * numbers as they are (with a decimal comma when the mapping uses one; a date cell is its serial
 * number, read as a date in date columns), a formula as its cached result, rich text as its text; an error value (#N/A, #DIV/0!) is a problem
 * of the row. An empty header cell between named ones (what merged header cells leave) is a
 * problem of the header. A workbook that would unpack to more than its limits is refused before
 * exceljs opens it (`ArchiveRefusedError`).
 */
export async function openWorkbook(file: string, kind: CsvKind, options: TableOptions): Promise<TableFile> {
  await checkUnpackedFile(file, WORKBOOK_LIMITS);
  const { mapping, onBytes = () => {} } = options;
  const wanted = mapping.sheets[kind];
  const source = createReadStream(file);
  let read = 0;
  source.on("data", (chunk) => {
    read += chunk.length;
    onBytes(read);
  });
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    worksheets: "emit",
    sharedStrings: "cache",
    // Without styles a date cell reads as its serial number, which the field reader reads in date columns (and half the time goes on styles).
    styles: "ignore",
    hyperlinks: "ignore",
    entries: "ignore",
  });
  const sheets = reader[Symbol.asyncIterator]();
  const seen: string[] = [];
  let sheet: SheetReader | undefined;
  for (let next = await sheets.next(); !next.done; next = await sheets.next()) {
    const candidate = next.value as unknown as SheetReader;
    seen.push(candidate.name);
    if (wanted === undefined || candidate.name === wanted) {
      sheet = candidate;
      break;
    }
  }
  if (sheet === undefined) {
    source.destroy();
    throw new SheetNotFoundError(
      seen.length === 0
        ? "the workbook has no worksheet"
        : `no worksheet named ${JSON.stringify(wanted)} (it has ${seen.map((name) => JSON.stringify(name)).join(", ")}; set sheets: ${kind}: in the mapping)`,
    );
  }
  const date1904 = Boolean((reader as unknown as { properties?: { date1904?: boolean } }).properties?.date1904);
  const counts = { emptyRows: 0 };
  const { header, records } = await headerAndRecords(batchesOf(sheet, mapping, counts));
  const headerProblems = [...(header.unreadable ?? []), ...mergedHeaderProblems(header.values)];
  const { columns, missingColumns } = columnsOf(header.values, kind, mapping, options.required);
  if (header.values.length === 0 || missingColumns.length > 0) source.destroy();
  return {
    label: `${path.basename(file)}:${sheet.name}`,
    format: `sheet ${sheet.name}`,
    cells: { kind: "workbook", date1904 },
    header: headerProblems.length > 0 ? { ...header, unreadable: headerProblems } : header,
    missingColumns,
    columns,
    batches: records,
    get emptyRows() {
      return counts.emptyRows;
    },
  };
}

/** The sheet's rows with any value, a batch per chunk the reader parsed. */
async function* batchesOf(sheet: SheetReader, mapping: Mapping, counts: { emptyRows: number }): AsyncGenerator<TableRow[]> {
  for await (const events of sheet.parse()) {
    const batch: TableRow[] = [];
    for (const { eventType, value } of events) {
      if (eventType !== "row") continue;
      const row = value as SheetRow;
      const cells = row.values;
      if (isEmptyRecord(cells)) {
        counts.emptyRows += 1;
        continue;
      }
      const values: string[] = [];
      let problems: CellProblem[] | undefined;
      // values[0] is unused: columns are 1-based.
      for (let column = 1; column < cells.length; column++) {
        const cell = cellText(cells[column], mapping.decimalComma);
        if (typeof cell === "string") values.push(cell);
        else {
          values.push("");
          (problems ??= []).push({ at: column - 1, reason: cell.problem });
        }
      }
      batch.push(problems ? { line: row.number, values, unreadable: problems } : { line: row.number, values });
    }
    if (batch.length > 0) yield batch;
  }
}

/** A cell's value as text, or why it has none. */
function cellText(value: unknown, decimalComma: boolean): string | { problem: string } {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") {
    // Only a formula's saved error result reads as NaN.
    if (!Number.isFinite(value)) return { problem: "the formula's saved result is an error value" };
    // String(n) never groups digits, so the comma is the only separator the reader sees.
    return decimalComma ? String(value).replace(".", ",") : String(value);
  }
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "object") {
    const cell = value as {
      richText?: { text: string }[];
      error?: string;
      result?: unknown;
      formula?: string;
      sharedFormula?: string;
      text?: unknown;
    };
    if (cell.error !== undefined) return { problem: `the cell holds the error ${cell.error}` };
    if (cell.richText) return cell.richText.map((run) => run.text).join("");
    if (cell.formula !== undefined || cell.sharedFormula !== undefined)
      return cell.result === undefined
        ? { problem: "a formula with no saved result (open the workbook in Excel and save it)" }
        : cellText(cell.result, decimalComma);
    if (cell.text !== undefined) return cellText(cell.text, decimalComma);
  }
  return { problem: "a cell value that cannot be read" };
}

/** Empty header cells with a named one on each side: merged header cells leave all but their first empty. */
function mergedHeaderProblems(header: readonly string[]): CellProblem[] {
  const problems: CellProblem[] = [];
  const last = header.findLastIndex((name) => name.trim() !== "");
  const firstNamed = header.findIndex((name) => name.trim() !== "");
  for (let at = firstNamed + 1; at < last; at++)
    if (header[at].trim() === "")
      problems.push({
        at,
        reason: "empty header cell (merged header cells name only their first column: give each column its own header)",
      });
  return problems;
}
