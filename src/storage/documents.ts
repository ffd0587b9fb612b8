import { createHash } from "node:crypto";
import type { Container, FeedOptions, SqlQuerySpec } from "@azure/cosmos";
import type { z } from "zod";
import { SystemError, describeZodError } from "../domain/errors";
import type { ConditionalWrite } from "../workflow/ports";
import { storeCall, storeCallExpecting } from "./store-call";

const MAX_ID_LENGTH = 255;

/**
 * A Cosmos-safe document id for any key: the characters Cosmos forbids in ids (`/ \ ? #`) and the escape character `*` become `*XX` hex; a
 * result over 255 characters is shortened and suffixed with a hash of the key so distinct keys stay distinct.
 */
export function cosmosId(key: string): string {
  const escaped = key.replace(/[/\\?#*]/g, (char) => `*${char.charCodeAt(0).toString(16).padStart(2, "0")}`);
  if (escaped.length <= MAX_ID_LENGTH) return escaped;
  const hash = createHash("sha256").update(key).digest("hex");
  return `${escaped.slice(0, MAX_ID_LENGTH - hash.length - 1)}~${hash}`;
}

/**
 * Validates a stored document. A document that no longer matches its schema is a system fault (corrupt data or a missing migration),
 * reported with the container, id and failing paths.
 */
export function parseDocument<S extends z.ZodTypeAny>(schema: S, raw: unknown, where: string): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data as z.output<S>;
  const id = typeof raw === "object" && raw !== null && "id" in raw ? String(raw.id) : "?";
  throw new SystemError(`Stored document ${where}/${id} is invalid: ${describeZodError(parsed.error)}`, { cause: parsed.error });
}

/** A 404 is `undefined`. */
export async function readDocument(
  container: Container,
  id: string,
  partitionKey: string,
): Promise<{ raw: unknown; etag: string } | undefined> {
  const response = await storeCall(`read ${container.id}/${id}`, (abortSignal) => container.item(id, partitionKey).read({ abortSignal }));
  if (response.statusCode === 404 || response.resource === undefined) return undefined;
  return { raw: response.resource, etag: response.etag };
}

/**
 * Writes a document of a container partitioned by `/id` on a condition, so of concurrent writers exactly one wins: with an `etag`, only if
 * it is still at that version (replaced); without, only if none exists yet (created). A lost race is `conflict`.
 */
export async function writeIfUnchanged(
  container: Container,
  what: string,
  document: { id: string } & Record<string, unknown>,
  etag: string | undefined,
): Promise<ConditionalWrite> {
  const result = etag
    ? await storeCallExpecting(
        `replace ${what}`,
        (abortSignal) =>
          container
            .item(document.id, document.id)
            .replace(document, { accessCondition: { type: "IfMatch", condition: etag }, abortSignal }),
        [412, 404],
      )
    : await storeCallExpecting(`create ${what}`, (abortSignal) => container.items.create(document, { abortSignal }), [409]);
  return result.kind === "ok" ? { kind: "written", etag: result.value.etag } : { kind: "conflict" };
}

/**
 * Documents per query request. Cosmos itself caps a page (100 items or 4 MB by default), but a server that does not (the embedded one
 * answers a query in one response) would otherwise send a whole container at once.
 */
const QUERY_PAGE_SIZE = 500;

/** Runs a query to the end in pages of QUERY_PAGE_SIZE, validating every document. */
export async function queryDocuments<S extends z.ZodTypeAny>(
  container: Container,
  query: SqlQuerySpec,
  schema: S,
  options: FeedOptions = {},
): Promise<z.output<S>[]> {
  const { resources } = await storeCall(`query ${container.id}`, (abortSignal) =>
    container.items.query(query, { maxItemCount: QUERY_PAGE_SIZE, ...options, abortSignal }).fetchAll(),
  );
  return resources.map((raw) => parseDocument(schema, raw, container.id));
}

/**
 * A plain query (no ORDER BY, TOP or aggregate) in pages: one iterator reads every page (three times faster than a fresh query per page on
 * the embedded server); a failed page is retried alone from the last continuation token.
 */
export async function* queryPages<S extends z.ZodTypeAny>(
  container: Container,
  query: SqlQuerySpec,
  schema: S,
  options: FeedOptions & { pageSize?: number } = {},
): AsyncIterable<z.output<S>[]> {
  const { pageSize = QUERY_PAGE_SIZE, ...feed } = options;
  // The iterator's requests are aborted through its own controller when a page's call misses its deadline.
  let controller = new AbortController();
  const open = (continuationToken: string | undefined) =>
    container.items.query(query, { ...feed, maxItemCount: pageSize, continuationToken, abortSignal: controller.signal });
  let iterator = open(undefined);
  let continuationToken: string | undefined;
  for (;;) {
    const page = await storeCall(`query ${container.id}`, async (abortSignal) => {
      const abort = () => controller.abort(abortSignal.reason);
      abortSignal.addEventListener("abort", abort, { once: true });
      try {
        return await iterator.fetchNext();
      } catch (error) {
        controller = new AbortController();
        iterator = open(continuationToken);
        throw error;
      } finally {
        abortSignal.removeEventListener("abort", abort);
      }
    });
    yield page.resources.map((raw) => parseDocument(schema, raw, container.id));
    if (!page.hasMoreResults) return;
    continuationToken = page.continuationToken;
  }
}

export async function queryAllPages<S extends z.ZodTypeAny>(
  container: Container,
  query: SqlQuerySpec,
  schema: S,
  options: FeedOptions & { pageSize?: number } = {},
): Promise<z.output<S>[]> {
  const documents: z.output<S>[] = [];
  for await (const page of queryPages(container, query, schema, options)) documents.push(...page);
  return documents;
}

/**
 * A container of whole records validated on the way in and out, listed by the time they record. A record's id derives from what it records
 * (or `idOf`), so saving it again overwrites it.
 */
export class RecordContainer<S extends z.ZodTypeAny> {
  constructor(
    protected readonly container: Container,
    protected readonly schema: S,
    private readonly listing: { timeField: string; idOf?: (record: z.output<S>) => string },
  ) {}

  async save(record: z.output<S>): Promise<void> {
    const valid = this.schema.parse(record) as z.output<S> & { id: string };
    const document = this.listing.idOf ? { ...valid, id: this.listing.idOf(valid) } : valid;
    await storeCall(`save ${this.container.id}/${document.id}`, (abortSignal) => this.container.items.upsert(document, { abortSignal }));
  }

  /** Across partitions. */
  listSince(since: string): Promise<z.output<S>[]> {
    return queryDocuments(
      this.container,
      { query: `SELECT * FROM c WHERE c.${this.listing.timeField} >= @since`, parameters: [{ name: "@since", value: since }] },
      this.schema,
    );
  }
}
