import { existsSync, realpathSync, statSync } from "node:fs";
import path from "node:path";

export type FolderPath = { path: string } | { problem: string; missing?: true };

/**
 * After every symbolic link, the file must be inside the folder: never "../../secret.txt", an absolute path or a link to elsewhere. A hard
 * link is refused too: it has no real path to check, and may be another name for any file on the disk.
 */
export function resolveInsideFolder(folder: string, name: string): FolderPath {
  if (path.isAbsolute(name) || path.win32.isAbsolute(name))
    return { problem: `${JSON.stringify(name)} is an absolute path: name a file inside the import folder` };
  const full = path.resolve(folder, name);
  if (!within(path.resolve(folder), full)) return { problem: `${JSON.stringify(name)} is outside the import folder` };
  if (!existsSync(full)) return { problem: `file not found: ${name}`, missing: true };
  if (!within(realpathSync(folder), realpathSync(full)))
    return { problem: `${JSON.stringify(name)} links to a file outside the import folder` };
  const stats = statSync(full);
  if (stats.isFile() && stats.nlink > 1)
    return {
      problem: `${JSON.stringify(name)} is a hard link (the file has ${stats.nlink} names, some maybe outside the import folder): put a copy of the file in the folder instead`,
    };
  return { path: full };
}

function within(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== "" && relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}
