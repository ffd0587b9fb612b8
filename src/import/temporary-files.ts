// An interrupted command removes its own temporaries before it exits; the next write into a data folder removes those a killed one left.
import { rmSync } from "node:fs";
import { readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

const live = new Set<string>();

export function temporaryFor(target: string): { path: string; settle: () => void } {
  return tracked(`${target}.${process.pid}.tmp`);
}

/** Removed on interrupt until `settle`. */
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
