import { systemClock, type RunState } from "../../src/domain";
import { newRunState, type RunRequest } from "../../src/workflow/runner";

/**
 * A run as a worker starts it from a queued question, built by the runner itself (so a new field of
 * the run state is never missing here): selective mode, the offline engine, started now unless told.
 */
export function freshRunState(request: RunRequest & { runId: string; startedAt?: string }): RunState {
  return newRunState(
    { clock: systemClock, model: { kind: "offline" }, newRunId: () => request.runId, settings: { orchestration: "selective" } },
    request,
  );
}
