import { z } from "zod";
import { RunStateSchema } from "./run";
import { RunLifecycleRecordSchema } from "./run-message";

/**
 * One stored run: the queue's lifecycle (stage, lease owner, cards sent), which only the worker
 * writes, beside the workflow's state, which only the workflow writes. Kept apart so neither reads
 * or resets the other's fields.
 */
export const RunRecordSchema = z.object({ lifecycle: RunLifecycleRecordSchema, state: RunStateSchema });
export type RunRecord = z.infer<typeof RunRecordSchema>;

/**
 * A run document as stored: the envelope, or the flat shape runs were stored in before it (the
 * lifecycle inside the state, or none at all for runs from before the queue). The lifecycle is
 * absent only for those oldest runs; the store derives it from their status.
 */
export const StoredRunSchema = z.preprocess(
  asEnvelope,
  z.object({ lifecycle: RunLifecycleRecordSchema.optional(), state: RunStateSchema }),
);

function asEnvelope(document: unknown): unknown {
  if (typeof document !== "object" || document === null || "state" in document) return document;
  const { lifecycle, ...state } = document as Record<string, unknown>;
  return { lifecycle, state };
}

/** Runs in the order they were asked (ties by id, so every store lists them alike). */
export function oldestFirst(records: RunRecord[]): RunRecord[] {
  return [...records].sort((a, b) => a.state.startedAt.localeCompare(b.state.startedAt) || a.state.runId.localeCompare(b.state.runId));
}
