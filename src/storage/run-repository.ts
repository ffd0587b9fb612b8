import type { Container } from "@azure/cosmos";
import { RunStateSchema, type RunState } from "../domain";
import type { ConditionalWrite, RunStore, Versioned } from "../workflow/ports";
import { parseDocument, readDocument } from "./documents";
import { storeCall, storeCallExpecting } from "./store-call";

/** Run checkpoints in the `runs` container (partition key `/id` = runId). */
export class CosmosRunStore implements RunStore {
  constructor(private readonly container: Container) {}

  /** Upserts the whole state: the latest checkpoint wins (for writers that own the run outright). */
  async checkpoint(state: RunState): Promise<void> {
    await storeCall(`checkpoint run ${state.runId}`, () => this.container.items.upsert({ ...state, id: state.runId }));
  }

  /** The last checkpoint of a run, or undefined when there is none. */
  async load(runId: string): Promise<RunState | undefined> {
    return (await this.read(runId))?.value;
  }

  /** The last checkpoint with its etag. */
  async read(runId: string): Promise<Versioned<RunState> | undefined> {
    const document = await readDocument(this.container, runId, runId);
    return document && { value: parseDocument(RunStateSchema, document.raw, this.container.id), etag: document.etag };
  }

  /** Replaces the run if its etag is still `etag`, or creates it when no etag is given; 412/409 → conflict. */
  async write(state: RunState, etag: string | undefined): Promise<ConditionalWrite> {
    const document = { ...state, id: state.runId };
    const result = etag
      ? await storeCallExpecting(
          `replace run ${state.runId}`,
          () => this.container.item(state.runId, state.runId).replace(document, { accessCondition: { type: "IfMatch", condition: etag } }),
          [412, 404],
        )
      : await storeCallExpecting(`create run ${state.runId}`, () => this.container.items.create(document), [409]);
    if (result.kind === "status") return { kind: "conflict" };
    return { kind: "written", etag: result.value.etag };
  }
}
