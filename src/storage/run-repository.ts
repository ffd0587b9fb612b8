import type { Container } from "@azure/cosmos";
import type { z } from "zod";
import { StoredRunSchema, decisionAsWritten, oldestFirst, type RunRecord, type RunState } from "../domain";
import type { ConditionalWrite, ConversationRuns, RunStore, Versioned } from "../workflow/ports";
import { lifecycleFromStatus } from "../workflow/run-stages";
import { parseDocument, queryDocuments, readDocument } from "./documents";
import { storeCall, storeCallExpecting } from "./store-call";

/** Run records `{ id, lifecycle, state }` in the `runs` container (partition key `/id` = runId). */
export class CosmosRunStore implements RunStore, ConversationRuns {
  constructor(private readonly container: Container) {}

  /** Upserts the whole record: the latest checkpoint wins (for writers that own the run outright, without a queue). */
  async checkpoint(state: RunState): Promise<void> {
    await storeCall(`checkpoint run ${state.runId}`, (abortSignal) =>
      this.container.items.upsert(documentOf({ lifecycle: lifecycleFromStatus(state), state }), { abortSignal }),
    );
  }

  /** The last checkpoint of a run, or undefined when there is none. */
  async load(runId: string): Promise<RunState | undefined> {
    return (await this.read(runId))?.value.state;
  }

  /**
   * The run record with its etag. Runs stored flat (before the envelope) load too; those from before
   * the queue have no lifecycle, so theirs follows their status.
   */
  async read(runId: string): Promise<Versioned<RunRecord> | undefined> {
    const document = await readDocument(this.container, runId, runId);
    if (!document) return undefined;
    return { value: recordOf(parseDocument(StoredRunSchema, document.raw, this.container.id)), etag: document.etag };
  }

  /**
   * The conversation's runs, oldest first. The requester sits in the state of the envelope, or at the
   * top of a run stored flat (before the envelope): both are matched, so no stored shape is missed.
   */
  async ofConversation(conversationId: string): Promise<RunRecord[]> {
    const query = {
      query: "SELECT * FROM c WHERE c.state.requester.conversationId = @id OR c.requester.conversationId = @id",
      parameters: [{ name: "@id", value: conversationId }],
    };
    const stored = await queryDocuments(this.container, query, StoredRunSchema);
    return oldestFirst(stored.map(recordOf));
  }

  /** Replaces the run if its etag is still `etag`, or creates it when no etag is given; 412/409 → conflict. */
  async write(record: RunRecord, etag: string | undefined): Promise<ConditionalWrite> {
    const runId = record.state.runId;
    const document = documentOf(record);
    const result = etag
      ? await storeCallExpecting(
          `replace run ${runId}`,
          (abortSignal) =>
            this.container.item(runId, runId).replace(document, { accessCondition: { type: "IfMatch", condition: etag }, abortSignal }),
          [412, 404],
        )
      : await storeCallExpecting(`create run ${runId}`, (abortSignal) => this.container.items.create(document, { abortSignal }), [409]);
    if (result.kind === "status") return { kind: "conflict" };
    return { kind: "written", etag: result.value.etag };
  }
}

/** A stored run as a record; runs from before the queue have no lifecycle, so theirs follows their status. */
function recordOf({ lifecycle, state }: z.output<typeof StoredRunSchema>): RunRecord {
  return { lifecycle: lifecycle ?? lifecycleFromStatus(state), state };
}

function documentOf(record: RunRecord): RunRecord & { id: string } {
  const { decision } = record.state;
  return { id: record.state.runId, ...record, state: decision ? { ...record.state, decision: decisionAsWritten(decision) } : record.state };
}
