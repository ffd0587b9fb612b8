/**
 * A workbook sheet worker that dies mid-sheet, as one killed by the system or out of memory would: it
 * opens the real sheet, posts its first batch of rows, and once the importing thread has taken them
 * exits with code 3, never posting the sheet's end.
 */
import { parentPort, workerData } from "node:worker_threads";
import { openSheet, type SheetRequest } from "../../src/import/workbook-sheet";
import { packRows, type SheetMessage } from "../../src/import/workbook-thread";

async function postFirstBatchThenExit(port: NonNullable<typeof parentPort>): Promise<void> {
  let read = 0;
  const sheet = await openSheet(workerData as SheetRequest, (bytes) => (read = bytes));
  const post = (message: SheetMessage) => port.postMessage(message);
  post({ type: "opened", name: sheet.name, date1904: sheet.date1904 });
  const first = await sheet.rows.next();
  if (first.done) throw new Error("the sheet has no rows to stop in the middle of");
  port.once("message", () => process.exit(3));
  post({ type: "rows", rows: packRows(first.value), emptyRows: sheet.counts.emptyRows, read });
}

if (parentPort) void postFirstBatchThenExit(parentPort);
