import type { Versioned, VersionedRecord } from "./ports";

/** The record as stored after `updateVersioned`, and whether this call wrote it. */
export interface VersionedUpdate<T> {
  current: Versioned<T>;
  written: boolean;
}

/**
 * Read-modify-write on an etag condition, the one loop every store uses: `change` sees the latest
 * stored value (undefined when there is none) and returns the value to store, or undefined to leave
 * the record as it is. When another writer wins in between, it runs again on a fresh read, at most
 * `limit.attempts` times, then throws `limit.gaveUp()`. Resolves undefined when nothing is stored
 * and `change` stored nothing.
 */
export async function updateVersioned<T>(
  record: VersionedRecord<T>,
  change: (current: T | undefined) => T | undefined,
  limit: { attempts: number; gaveUp: () => Error },
): Promise<VersionedUpdate<T> | undefined> {
  for (let attempt = 0; attempt < limit.attempts; attempt++) {
    const read = await record.read();
    const next = change(read?.value);
    if (next === undefined) return read && { current: read, written: false };
    const written = await record.write(next, read?.etag);
    if (written.kind === "written") return { current: { value: next, etag: written.etag }, written: true };
  }
  throw limit.gaveUp();
}
