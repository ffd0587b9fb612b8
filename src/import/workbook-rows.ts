import path from "node:path";
import type { CsvKind } from "./mapping";
import { columnsOf, headerAndRecords, type CellProblem, type TableFile, type TableOptions, type TableRow } from "./table-file";
import { readSheetInWorker, SHEET_WORKER_ENTRY, unpackRows } from "./workbook-thread";

/**
 * The first row with a value is the header. A worker thread posts rows in batches, so inflating and parsing overlap with checking and
 * storing; a crash is an error, never a short sheet.
 */
export async function openWorkbook(
  file: string,
  kind: CsvKind,
  options: TableOptions,
  sheetWorker: string = SHEET_WORKER_ENTRY,
): Promise<TableFile> {
  const { mapping, onBytes = () => {} } = options;
  const reader = readSheetInWorker({ file, kind, sheet: mapping.sheets[kind], decimalComma: mapping.decimalComma }, sheetWorker);
  const opened = await reader.next();
  if (opened.type !== "opened") {
    reader.stop();
    throw new Error(`the workbook reader sent ${opened.type} before opening the sheet`);
  }
  let emptyRows = 0;
  async function* batches(): AsyncGenerator<TableRow[]> {
    try {
      for (;;) {
        const message = await reader.next();
        if (message.type === "opened") throw new Error("the workbook reader opened the sheet twice");
        emptyRows = message.emptyRows;
        onBytes(message.read);
        if (message.type === "end") return;
        // Taken before it is checked, so the worker reads the next batch meanwhile.
        reader.taken();
        yield unpackRows(message.rows);
      }
    } finally {
      reader.stop();
    }
  }
  const rows = batches();
  const { header, records } = await headerAndRecords(rows);
  const headerProblems = [...(header.unreadable ?? []), ...mergedHeaderProblems(header.values)];
  const { columns, missingColumns } = columnsOf(header.values, kind, mapping, options.required);
  // Nothing more will be read: stop the worker.
  if (header.values.length === 0 || missingColumns.length > 0) await rows.return(undefined);
  return {
    label: `${path.basename(file)}:${opened.name}`,
    format: `sheet ${opened.name}`,
    cells: { kind: "workbook", date1904: opened.date1904 },
    header: headerProblems.length > 0 ? { ...header, unreadable: headerProblems } : header,
    missingColumns,
    columns,
    batches: records,
    get emptyRows() {
      return emptyRows;
    },
  };
}

// Merged header cells leave all but their first empty.
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
