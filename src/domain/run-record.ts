import { z } from "zod";
import { UnsupportedRunVersionError } from "./errors";
import { RUN_SCHEMA_VERSION, RunStateSchema } from "./run";
import { ReferenceSchema, RunLifecycleRecordSchema } from "./run-message";

/**
 * One stored run: the queue's lifecycle (lease owner, cards sent), which only the worker writes, beside
 * the workflow's state with the run's one status (the worker sets only `queued`, `running` on a claim
 * and `poisoned`). Kept apart so neither resets the other's fields.
 */
export const RunRecordSchema = z.object({ lifecycle: RunLifecycleRecordSchema, state: RunStateSchema });
export type RunRecord = z.infer<typeof RunRecordSchema>;

/**
 * Refuses a stored run document of another schema version than this release's (one with none
 * included), before anything reads its fields: such a run is never migrated or misread.
 */
export function assertRunVersion(runId: string, document: unknown): void {
  const state = z.object({ state: z.record(z.unknown()) }).safeParse(document).data?.state;
  const version = state?.schemaVersion;
  if (version === RUN_SCHEMA_VERSION) return;
  const reference = ReferenceSchema.safeParse(state?.reference);
  throw new UnsupportedRunVersionError(runId, version, RUN_SCHEMA_VERSION, reference.success ? reference.data : undefined);
}

/** Runs in the order they were asked (ties by id, so every store lists them alike). */
export function oldestFirst(records: RunRecord[]): RunRecord[] {
  return [...records].sort((a, b) => a.state.startedAt.localeCompare(b.state.startedAt) || a.state.runId.localeCompare(b.state.runId));
}
