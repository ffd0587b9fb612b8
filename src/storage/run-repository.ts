import type { Container } from "@azure/cosmos";
import { StoredRunSchema, type RunRecord, type RunState } from "../domain";
import type { ConditionalWrite, RunStore, Versioned } from "../workflow/ports";
import { lifecycleFromStatus } from "../workflow/run-stages";
import { parseDocument, readDocument } from "./documents";
import { storeCall, storeCallExpecting } from "./store-call";

/** Run records `{ id, lifecycle, state }` in the `runs` container (partition key `/id` = runId). */
export class CosmosRunStore implements RunStore {
  constructor(private readonly container: Container) {}

  /** Upserts the whole record: the latest checkpoint wins (for writers that own the run outright, without a queue). */
  async checkpoint(state: RunState): Promise<void> {
    await storeCall(`checkpoint run ${state.runId}`, () =>
      this.container.items.upsert(documentOf({ lifecycle: lifecycleFromStatus(state), state })),
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
    const { lifecycle, state } = parseDocument(StoredRunSchema, document.raw, this.container.id);
    return { value: { lifecycle: lifecycle ?? lifecycleFromStatus(state), state }, etag: document.etag };
  }

  /** Replaces the run if its etag is still `etag`, or creates it when no etag is given; 412/409 → conflict. */
  async write(record: RunRecord, etag: string | undefined): Promise<ConditionalWrite> {
    const runId = record.state.runId;
    const document = documentOf(record);
    const result = etag
      ? await storeCallExpecting(
          `replace run ${runId}`,
          () => this.container.item(runId, runId).replace(document, { accessCondition: { type: "IfMatch", condition: etag } }),
          [412, 404],
        )
      : await storeCallExpecting(`create run ${runId}`, () => this.container.items.create(document), [409]);
    if (result.kind === "status") return { kind: "conflict" };
    return { kind: "written", etag: result.value.etag };
  }
}

function documentOf(record: RunRecord): RunRecord & { id: string } {
  return { id: record.state.runId, ...record };
}
