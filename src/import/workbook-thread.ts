import { on } from "node:events";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { CellProblem, TableFile, TableRow } from "./table-file";
import type { SheetRequest } from "./workbook-sheet";
import { FileRefusedError } from "./zip-bounds";

/** `read`: progress in the file's bytes; `column`: where a refused file's issue is reported (an Error's class is lost in a message). */
export type SheetMessage =
  | { type: "opened"; name: string; date1904: boolean }
  | { type: "rows"; rows: PackedRows; emptyRows: number; read: number }
  | { type: "end"; emptyRows: number; read: number }
  | { type: "failed"; message: string; column?: string };

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

/** Batches posted and not yet taken before the worker waits, so that a slow store never has the whole sheet queued in memory. */
export const BATCHES_AHEAD = 4;

export function failureOf(error: unknown): SheetMessage {
  const message = error instanceof Error ? error.message : String(error);
  return { type: "failed", message, ...(error instanceof FileRefusedError ? { column: error.column } : {}) };
}

export const SHEET_WORKER_ENTRY = path.join(__dirname, `workbook-worker${path.extname(__filename)}`);

/**
 * Inflating and parsing is most of a workbook import's CPU time: a worker does it on another core and posts rows in batches, so that
 * checking and storing overlap with it. A crash is an error naming the file, never a short sheet.
 */
export async function openWorkbook(
  request: SheetRequest,
  onBytes: (read: number) => void,
  entry: string = SHEET_WORKER_ENTRY,
): Promise<TableFile> {
  const worker = spawnWorker(request, entry);
  const failed = (what: string) => new Error(`${path.basename(request.file)}: the workbook reader ${what}`);
  let exitCode: number | undefined;
  worker.once("exit", (code) => (exitCode = code));
  // Messages wait here until taken; a worker's error ends them with that error, its exit ends them.
  const messages = on(worker, "message", { close: ["exit"] }) as AsyncIterableIterator<[SheetMessage]>;
  const stop = () => {
    void messages.return?.();
    void worker.terminate();
  };
  /** The next message, of one of the `expected` types: anything else, a worker's failure included, ends the read with an error. */
  const next = async <T extends SheetMessage["type"]>(...expected: T[]): Promise<Extract<SheetMessage, { type: T }>> => {
    const taken = await messages.next().catch((error: unknown) => {
      stop();
      throw failed(`failed before the end of the sheet: ${(error as Error).message}`);
    });
    if (taken.done) throw failed(`stopped before the end of the sheet (exit code ${exitCode})`);
    const [message] = taken.value;
    if ((expected as string[]).includes(message.type)) return message as Extract<SheetMessage, { type: T }>;
    stop();
    if (message.type !== "failed") throw new Error(`the workbook reader sent ${message.type} where ${expected.join(" or ")} was due`);
    throw message.column === undefined ? new Error(message.message) : new FileRefusedError(message.message, message.column);
  };
  const opened = await next("opened");
  let emptyRows = 0;
  async function* batches(): AsyncGenerator<TableRow[]> {
    try {
      for (;;) {
        const message = await next("rows", "end");
        emptyRows = message.emptyRows;
        onBytes(message.read);
        if (message.type === "end") return;
        // Taken before it is checked, so the worker reads the next batch meanwhile.
        worker.postMessage("taken");
        yield unpackRows(message.rows);
      }
    } finally {
      stop();
    }
  }
  return {
    label: `${path.basename(request.file)}:${opened.name}`,
    format: `sheet ${opened.name}`,
    cells: { kind: "workbook", date1904: opened.date1904 },
    batches: batches(),
    get emptyRows() {
      return emptyRows;
    },
  };
}

function spawnWorker(request: SheetRequest, entry: string): Worker {
  if (path.extname(entry) !== ".ts") return new Worker(entry, { workerData: request });
  // Run from TypeScript (tsx, the tests), the worker needs the TypeScript loader this thread was given.
  const load = (module: string) => `require(${JSON.stringify(module)});`;
  return new Worker(load(require.resolve("tsx/cjs")) + load(entry), { eval: true, workerData: request });
}
