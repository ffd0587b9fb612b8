/**
 * Where `npm run dev` leaves the address of its embedded store while it runs, so a command on the same machine (the auditors' export) reads
 * the runs and approvals the bot keeps instead of an empty store of its own. The file lives in the local data directory and names the
 * process that wrote it: a file left by a process that is gone is ignored.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const FILE_NAME = "dev-store.json";

const DevStoreAddressSchema = z.object({ endpoint: z.string().url(), database: z.string().min(1), pid: z.number().int().positive() });
export type DevStoreAddress = z.infer<typeof DevStoreAddressSchema>;

/** The returned function removes it (also done at exit). */
export function leaveDevStoreAddress(dataDir: string, address: Omit<DevStoreAddress, "pid">): () => void {
  const file = path.join(dataDir, FILE_NAME);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify({ ...address, pid: process.pid }, null, 2));
  const remove = () => rmSync(file, { force: true });
  process.once("exit", remove);
  return remove;
}

/** None when its process has gone or the file is unreadable. */
export function findDevStoreAddress(dataDir: string): DevStoreAddress | undefined {
  try {
    const parsed = DevStoreAddressSchema.safeParse(JSON.parse(readFileSync(path.join(dataDir, FILE_NAME), "utf8")));
    return parsed.success && isRunning(parsed.data.pid) ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
