import type { Container } from "@azure/cosmos";
import type { RunState } from "../domain";
import type { RunStore } from "../workflow/ports";
import { parseDocument, queryDocuments, readDocument } from "./documents";
import { RunStateSchema } from "./run-state-schema";
import { storeCall } from "./store-call";

/** Run checkpoints in the `runs` container (partition key `/id` = runId). */
export class CosmosRunStore implements RunStore {
  constructor(private readonly container: Container) {}

  /** Upserts the whole state: the latest checkpoint wins. */
  async checkpoint(state: RunState): Promise<void> {
    await storeCall(`checkpoint run ${state.runId}`, () => this.container.items.upsert({ ...state, id: state.runId }));
  }

  /** The last checkpoint of a run, or undefined when there is none. */
  async load(runId: string): Promise<RunState | undefined> {
    const document = await readDocument(this.container, runId, runId);
    return document && parseDocument(RunStateSchema, document.raw, this.container.id);
  }

  /** Runs a stopped process left with status `running`. */
  listInFlight(): Promise<RunState[]> {
    return queryDocuments(
      this.container,
      { query: "SELECT * FROM c WHERE c.status = @status", parameters: [{ name: "@status", value: "running" }] },
      RunStateSchema,
    );
  }
}
