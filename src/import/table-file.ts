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

/** Where a table's cells come from: a workbook's dates may be serial numbers (counted from 1904 in old Mac workbooks). */
export type CellSource = { kind: "text" } | { kind: "workbook"; date1904: boolean };

/** An opened CSV or worksheet. Returning its batches before their end closes the file (or stops the worker). */
export interface TableFile {
  label: string;
  format: string;
  cells: CellSource;
  /** The records with any value, the header first, in batches of what the reader has ready (one promise per batch, not per row). */
  batches: AsyncGenerator<TableRow[]>;
  readonly emptyRows: number;
}

export function isEmptyRecord(values: readonly string[]): boolean {
  return values.every((value) => value.trim() === "");
}
