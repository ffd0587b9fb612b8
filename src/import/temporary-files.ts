/**
 * The temporary files this process writes: beside a data set (write-then-rename, the staged spend rows, named `<target>.<pid>.tmp`) and the
 * spend spool. An interrupted command removes its own before it exits; the next write into a data folder removes those a killed process
 * left there.
 */
import { rmSync } from "node:fs";
import { readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

const live = new Set<string>();

/** A temporary path for `target`, removed on interrupt until `settle` says it was renamed or removed. */
export function temporaryFor(target: string): { path: string; settle: () => void } {
  return tracked(`${target}.${process.pid}.tmp`);
}

/** Until `settle`. */
export function tracked(temporary: string): { path: string; settle: () => void } {
  live.add(temporary);
  return { path: temporary, settle: () => live.delete(temporary) };
}

/** Write-then-rename, so a crash never leaves half a file behind. */
export async function writeFileWhole(target: string, content: string | Buffer): Promise<void> {
  const temporary = temporaryFor(target);
  try {
    await writeFile(temporary.path, content);
    await rename(temporary.path, target);
  } finally {
    temporary.settle();
  }
}

/** Synchronous: it runs as the process stops. */
export function removeOwnTemporaries(): void {
  for (const temporary of live) rmSync(temporary, { force: true, recursive: true });
  live.clear();
}

/** Those whose writer is no longer running (an import killed mid-way). */
export async function removeStaleTemporaries(directory: string): Promise<void> {
  const names = await readdir(directory).catch(() => []);
  await Promise.all(
    names
      .filter((name) => name.endsWith(".tmp") && !isRunning(/\.(\d+)\.tmp$/.exec(name)?.[1]))
      .map((name) => rm(path.join(directory, name), { force: true })),
  );
}

function isRunning(pid: string | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(Number(pid), 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
