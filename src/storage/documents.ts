import type { Container, FeedOptions, SqlQuerySpec } from "@azure/cosmos";
import type { z } from "zod";
import { SystemError } from "../domain/errors";
import { storeCall } from "./store-call";
import { describeZodError } from "../domain/zod-issues";

/**
 * Validates a stored document. A document that no longer matches its schema is a system fault
 * (corrupt data or a missing migration), reported with the container, id and failing paths.
 */
export function parseDocument<S extends z.ZodTypeAny>(schema: S, raw: unknown, where: string): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data as z.output<S>;
  const id = typeof raw === "object" && raw !== null && "id" in raw ? String(raw.id) : "?";
  throw new SystemError(`Stored document ${where}/${id} is invalid: ${describeZodError(parsed.error)}`, { cause: parsed.error });
}

/** Point-reads one document; a 404 is `undefined`. Returns the raw document and its etag. */
export async function readDocument(
  container: Container,
  id: string,
  partitionKey: string,
): Promise<{ raw: unknown; etag: string } | undefined> {
  const response = await storeCall(`read ${container.id}/${id}`, () => container.item(id, partitionKey).read());
  if (response.statusCode === 404 || response.resource === undefined) return undefined;
  return { raw: response.resource, etag: response.etag };
}

/** Runs a parameterised query to the end and validates every document it returns. */
export async function queryDocuments<S extends z.ZodTypeAny>(
  container: Container,
  query: SqlQuerySpec,
  schema: S,
  options: FeedOptions = {},
): Promise<z.output<S>[]> {
  const { resources } = await storeCall(`query ${container.id}`, () => container.items.query(query, options).fetchAll());
  return resources.map((raw) => parseDocument(schema, raw, container.id));
}
