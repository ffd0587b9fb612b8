import { spendCube } from "../tools/spend-cube";
import { tableBatches } from "./table-records";
import type { ImportRun } from "./import-run";
import { spendRowReader } from "./spend-row-reader";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { JsonLinesWriter, readJsonLines } from "./json-lines";
import { tracked } from "./temporary-files";

/** A stored row the file has as it is (in place of its hash). */
const UNCHANGED = -1;

/**
 * One pass: rows go to a staged store write as they are read (or a spool, for a store that writes as it goes), with a hash per id; stored
 * rows are compared only once the file is accepted. Nothing reaches the store from a rejected file.
 */
export async function importSpend(run: ImportRun): Promise<void> {
  const file = run.file("spend");
  if (file === undefined) return;
  const started = Date.now();
  const outcome = run.outcome("spend", file);
  const write = run.options.dryRun ? undefined : await run.writer.beginSpend();
  const spool = write?.staged ? undefined : await openSpool();
  // Hashes only matter when there are stored rows to compare with; the ids also catch duplicates.
  const compare = run.spendCount > 0;
  const hashes = new Map<string, number>();
  const cube = spendCube();
  try {
    const contracts = run.contractIds.size > 0 ? run.contractIds : new Set((await run.writer.load("contracts")).map((c) => c.id));
    let readRow: ReturnType<typeof spendRowReader> | undefined;
    for await (const { batch, fields: f } of tableBatches(run, "spend", file, outcome)) {
      readRow ??= spendRowReader(f, run, contracts);
      for (const row of batch) {
        const transaction = readRow(f.reset(row.values, row.unreadable), row.values);
        if (transaction.id !== "" && hashes.has(transaction.id)) f.fail("id", `duplicate id ${JSON.stringify(transaction.id)}`);
        if (f.problems.length > 0) {
          outcome.issues.addRow(row.line, f.problems);
          continue;
        }
        const line = JSON.stringify(transaction);
        hashes.set(transaction.id, compare ? rowHash(line) : 0);
        cube.add(transaction);
        if (spool) await spool.out.add(line);
        // Whether the row changed is known only later; a staged write keeps every row anyway.
        else await write?.add(line, true);
      }
    }
    await spool?.out.close();
    // A dry run has no write, and accept() turns it down.
    if (!run.accept(outcome, hashes.size) || write === undefined) {
      await write?.abandon();
      return;
    }
    for await (const stored of run.writer.spendRows()) {
      const fresh = hashes.get(stored.id);
      if (fresh === undefined) {
        if (run.options.replace) {
          outcome.removed += 1;
          await write.remove(stored);
        } else {
          cube.add(stored);
          await write.add(JSON.stringify(stored), false);
        }
      } else if (fresh === rowHash(JSON.stringify(stored))) {
        hashes.set(stored.id, UNCHANGED);
        outcome.unchanged += 1;
      } else outcome.updated += 1;
    }
    if (spool) {
      const status = hashes.values();
      for await (const line of spool.lines()) await write.add(line, status.next().value !== UNCHANGED);
    }
    outcome.inserted = hashes.size - outcome.updated - outcome.unchanged;
    await write.finish(cube.build());
    run.spendCount = cube.rowCount();
  } catch (error) {
    await write?.abandon();
    throw error;
  } finally {
    await spool?.remove();
    outcome.durationMs = Date.now() - started;
  }
}

function rowHash(text: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 16777619);
    b = Math.imul(b ^ code, 2246822519);
  }
  return (a >>> 0) * 0x200000 + ((b >>> 0) & 0x1fffff);
}

async function openSpool() {
  const directory = tracked(await mkdtemp(path.join(os.tmpdir(), "procura-spend-")));
  const file = path.join(directory.path, "rows.ndjson");
  const out = new JsonLinesWriter(file);
  return {
    out,
    lines: () => readJsonLines(file),
    async remove() {
      await out.destroy();
      await rm(directory.path, { recursive: true, force: true });
      directory.settle();
    },
  };
}
