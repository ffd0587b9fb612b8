import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type { z } from "zod";
import { SystemError } from "../domain/errors";
import { describeZodError } from "../domain/zod-issues";

/** What to tell a user about a data file that cannot be used: which file, why, and what to do. */
export function invalidDataFile(file: string, reason: string): SystemError {
  return new SystemError(`${file} is not a valid data file (${reason}); import the data again`);
}

/** A JSON file of a local data directory, checked against its schema; undefined when it is absent. */
export async function readDataFile<S extends z.ZodTypeAny>(file: string, schema: S): Promise<z.output<S> | undefined> {
  if (!existsSync(file)) return undefined;
  const text = await readFile(file, "utf8");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw invalidDataFile(file, (error as Error).message);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw invalidDataFile(file, describeZodError(parsed.error, { limit: 3 }));
  return parsed.data as z.output<S>;
}
