import path from "node:path";
import { Worker } from "node:worker_threads";
import type { CellProblem, TableRow } from "./table-file";
import { SheetNotFoundError, type SheetRequest } from "./workbook-sheet";
import { XmlTagTooLongError } from "./xml-text-runs";
import { ArchiveRefusedError } from "./zip-bounds";

/** `read`: progress in the file's bytes. */
export type SheetMessage =
  | { type: "opened"; name: string; date1904: boolean }
  | { type: "rows"; rows: PackedRows; emptyRows: number; read: number }
  | { type: "end"; emptyRows: number; read: number }
  | { type: "failed"; error: SheetErrorName | "other"; message: string };

/** Every value in one string: cloning a million rows' arrays and strings one by one across threads cost more than parsing them. */
export interface PackedRows {
  text: string;
  lines: Int32Array;
  counts: Int32Array;
  problems: { index: number; unreadable?: CellProblem[]; rowProblem?: CellProblem }[];
}

/** Between two values: U+0000 is in no XML text, escaped or not (the parser refuses it), so in no cell's text. */
const SEPARATOR = "\u0000";

export function packRows(rows: readonly TableRow[]): PackedRows {
  const values: string[] = [];
  const lines = new Int32Array(rows.length);
  const counts = new Int32Array(rows.length);
  const problems: PackedRows["problems"] = [];
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index];
    lines[index] = row.line;
    counts[index] = row.values.length;
    for (const value of row.values) values.push(value);
    if (row.unreadable !== undefined || row.rowProblem !== undefined)
      problems.push({ index, unreadable: row.unreadable, rowProblem: row.rowProblem });
  }
  return { text: values.join(SEPARATOR), lines, counts, problems };
}

/** The rows `packRows` packed; values that do not add up to the rows' counts are an error, never rows shifted by a value. */
export function unpackRows({ text, lines, counts, problems }: PackedRows): TableRow[] {
  const values = text.split(SEPARATOR);
  const total = counts.reduce((sum, count) => sum + count, 0);
  // One empty value and no value at all both pack to "".
  if (values.length !== total && !(total === 0 && text === ""))
    throw new Error(`the workbook reader sent ${values.length} values for rows of ${total}`);
  const rows = new Array<TableRow>(lines.length);
  let at = 0;
  for (let index = 0; index < lines.length; index++) {
    rows[index] = { line: lines[index], values: values.slice(at, at + counts[index]) };
    at += counts[index];
  }
  for (const { index, unreadable, rowProblem } of problems) {
    if (unreadable !== undefined) rows[index].unreadable = unreadable;
    if (rowProblem !== undefined) rows[index].rowProblem = rowProblem;
  }
  return rows;
}

export const TAKEN = "taken";

/** Rows posted at once: one message per row would cost more than the row. */
export const BATCH_ROWS = 2_000;
/** Batches posted and not yet taken before the worker waits, so that a slow store never has the whole sheet queued in memory. */
export const BATCHES_AHEAD = 4;

const SHEET_ERRORS = {
  "archive-refused": ArchiveRefusedError,
  "sheet-not-found": SheetNotFoundError,
  "xml-tag-too-long": XmlTagTooLongError,
} as const;
type SheetErrorName = keyof typeof SHEET_ERRORS;

/** An Error's class is lost in a message: its name is not. */
export function failureOf(error: unknown): SheetMessage {
  const name = (Object.keys(SHEET_ERRORS) as SheetErrorName[]).find((key) => error instanceof SHEET_ERRORS[key]);
  return { type: "failed", error: name ?? "other", message: error instanceof Error ? error.message : String(error) };
}

function errorOf(message: Extract<SheetMessage, { type: "failed" }>): Error {
  return message.error === "other" ? new Error(message.message) : new SHEET_ERRORS[message.error](message.message);
}

export const SHEET_WORKER_ENTRY = path.join(__dirname, `workbook-worker${path.extname(__filename)}`);

/** Inflating and parsing is most of a workbook import's CPU time: a worker does it on another core. A crash fails the read, naming it. */
export function readSheetInWorker(request: SheetRequest, entry: string = SHEET_WORKER_ENTRY) {
  const worker = spawnWorker(request, entry);
  const file = path.basename(request.file);
  const queue: SheetMessage[] = [];
  let waiting: ((message: SheetMessage) => void) | undefined;
  let stopped = false;
  const deliver = (message: SheetMessage) => {
    const taker = waiting;
    waiting = undefined;
    if (taker) taker(message);
    else queue.push(message);
  };
  const fail = (message: string) => deliver({ type: "failed", error: "other", message: `${file}: the workbook reader ${message}` });
  worker.on("message", deliver);
  worker.on("error", (error: Error) => fail(`failed before the end of the sheet: ${error.message}`));
  worker.on("exit", (code) => {
    if (!stopped) fail(`stopped before the end of the sheet (exit code ${code})`);
  });
  const stop = () => {
    stopped = true;
    void worker.terminate();
  };
  return {
    async next(): Promise<Exclude<SheetMessage, { type: "failed" }>> {
      const message = queue.shift() ?? (await new Promise<SheetMessage>((resolve) => (waiting = resolve)));
      if (message.type !== "failed") return message;
      stop();
      throw errorOf(message);
    },
    taken: () => worker.postMessage(TAKEN),
    stop,
  };
}

function spawnWorker(request: SheetRequest, entry: string): Worker {
  if (path.extname(entry) !== ".ts") return new Worker(entry, { workerData: request });
  // Run from TypeScript (tsx, the tests), the worker needs the TypeScript loader this thread was given.
  const load = (module: string) => `require(${JSON.stringify(module)});`;
  return new Worker(load(require.resolve("tsx/cjs")) + load(entry), { eval: true, workerData: request });
}
