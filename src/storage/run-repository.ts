import type { Container } from "@azure/cosmos";
import { RUN_SCHEMA_VERSION, RunRecordSchema, assertRunVersion, oldestFirst, type RunRecord, type RunState } from "../domain";
import type { ConditionalWrite, ConversationRuns, RunStore, Versioned } from "../workflow/ports";
import { parseDocument, queryDocuments, readDocument, writeIfUnchanged } from "./documents";
import { storeCall } from "./store-call";

/** Run records `{ id, lifecycle, state }` in the `runs` container (partition key `/id` = runId). */
export class CosmosRunStore implements RunStore, ConversationRuns {
  constructor(private readonly container: Container) {}

  /** Upserts the whole record: the latest checkpoint wins (for writers that own the run outright, without a queue). */
  async checkpoint(state: RunState): Promise<void> {
    await storeCall(`checkpoint run ${state.runId}`, (abortSignal) =>
      this.container.items.upsert(documentOf({ lifecycle: { owners: 0, sent: {} }, state }), { abortSignal }),
    );
  }

  async load(runId: string): Promise<RunState | undefined> {
    return (await this.read(runId))?.value.state;
  }

  /** The run record with its etag; a run stored by a release with another run shape is refused (`UnsupportedRunVersionError`). */
  async read(runId: string): Promise<Versioned<RunRecord> | undefined> {
    const document = await readDocument(this.container, runId, runId);
    if (!document) return undefined;
    assertRunVersion(runId, document.raw);
    return { value: parseDocument(RunRecordSchema, document.raw, this.container.id), etag: document.etag };
  }

  /** The conversation's runs of this release's shape, oldest first. */
  async ofConversation(conversationId: string): Promise<RunRecord[]> {
    const query = {
      query: "SELECT * FROM c WHERE c.state.requester.conversationId = @id AND c.state.schemaVersion = @version",
      parameters: [
        { name: "@id", value: conversationId },
        { name: "@version", value: RUN_SCHEMA_VERSION },
      ],
    };
    return oldestFirst(await queryDocuments(this.container, query, RunRecordSchema));
  }

  /** Replaces the run if its etag is still `etag`, or creates it when no etag is given. */
  write(record: RunRecord, etag: string | undefined): Promise<ConditionalWrite> {
    return writeIfUnchanged(this.container, `run ${record.state.runId}`, documentOf(record), etag);
  }
}

function documentOf(record: RunRecord): RunRecord & { id: string } {
  return { id: record.state.runId, ...record };
}
