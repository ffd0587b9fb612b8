import type { ImportRun, KindOutcome } from "./import-run";
import type { DirectoryKind, DirectoryRecords } from "./ports";

/**
 * Writes a directory kind's records: upserted by id into the stored ones (or replacing them all),
 * counting what is new, changed, unchanged and removed; the run keeps the result as written.
 */
export async function mergeDirectory<K extends DirectoryKind>(
  run: ImportRun,
  kind: K,
  records: DirectoryRecords[K][],
  idOf: (record: DirectoryRecords[K]) => string,
  outcome: KindOutcome,
): Promise<void> {
  const { writer, options } = run;
  const stored = new Map((await writer.load(kind)).map((record) => [idOf(record), record]));
  const merged = options.replace ? new Map<string, DirectoryRecords[K]>() : new Map(stored);
  const changed: DirectoryRecords[K][] = [];
  for (const record of records) {
    const before = stored.get(idOf(record));
    const unchanged = before !== undefined && JSON.stringify(before) === JSON.stringify(record);
    if (before === undefined) outcome.inserted += 1;
    else if (unchanged) outcome.unchanged += 1;
    else outcome.updated += 1;
    if (!unchanged) changed.push(record);
    merged.set(idOf(record), record);
  }
  const removed = options.replace ? [...stored].filter(([id]) => !merged.has(id)).map(([, record]) => record) : [];
  outcome.removed = removed.length;
  const all = [...merged.values()].sort((a, b) => idOf(a).localeCompare(idOf(b)));
  await writer.save(kind, { all, changed, removed });
  (run.written as Record<K, DirectoryRecords[K][]>)[kind] = all;
}
