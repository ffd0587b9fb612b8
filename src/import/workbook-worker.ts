// Reads one worksheet and posts its rows in batches, keeping at most a few not yet taken.
import { parentPort, workerData } from "node:worker_threads";
import { BATCHES_AHEAD, failureOf, packRows, type SheetMessage } from "./workbook-thread";
import { openSheet, type SheetRequest } from "./workbook-sheet";

async function postSheet(request: SheetRequest, post: (message: SheetMessage) => void, untaken: () => Promise<void>): Promise<void> {
  let read = 0;
  const sheet = await openSheet(request, (bytes) => (read = bytes));
  post({ type: "opened", name: sheet.name, date1904: sheet.date1904 });
  for await (const rows of sheet.rows) {
    post({ type: "rows", rows: packRows(rows), emptyRows: sheet.counts.emptyRows, read });
    await untaken();
  }
  post({ type: "end", emptyRows: sheet.counts.emptyRows, read });
}

if (parentPort) {
  const port = parentPort;
  let ahead = 0;
  let wake: (() => void) | undefined;
  port.on("message", () => {
    ahead -= 1;
    wake?.();
    wake = undefined;
  });
  const post = (message: SheetMessage) => {
    if (message.type === "rows") ahead += 1;
    port.postMessage(message);
  };
  const untaken = () => (ahead < BATCHES_AHEAD ? Promise.resolve() : new Promise<void>((resolve) => (wake = resolve)));
  postSheet(workerData as SheetRequest, post, untaken).catch((error: unknown) => post(failureOf(error)));
}
