/** Peak resident memory of another process, from Linux's /proc (the bench measures the bot child, not itself). */
import { readFile, writeFile } from "node:fs/promises";

/** The peak RSS (VmHWM) in a /proc/<pid>/status text, in MB; NaN when the line is missing. */
export function peakRssMbOf(status: string): number {
  const match = /^VmHWM:\s+(\d+)\s+kB$/m.exec(status);
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** The process's peak RSS since it started or since `resetPeakRss`, in MB; NaN where /proc cannot be read. */
export async function peakRssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  return peakRssMbOf(status);
}

/**
 * Restarts the process's peak RSS count from its current RSS (`echo 5 > /proc/<pid>/clear_refs`,
 * Linux ≥ 4.0), so a later `peakRssMb` covers only what came after. False when that is not possible:
 * the peak then still counts from the process's start, an upper bound.
 */
export async function resetPeakRss(pid: number): Promise<boolean> {
  return writeFile(`/proc/${pid}/clear_refs`, "5").then(
    () => true,
    () => false,
  );
}
