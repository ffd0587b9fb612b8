import { SystemError, describeError, type RunState, type Log } from "../domain";
import type { RunLifecycle } from "../workflow/run-lifecycle";
import type { Telemetry } from "./telemetry";

/**
 * Records each run as it ends, before its card is sent: the run's telemetry (and, for a failed run, the exception under the correlation id
 * the requester is shown) when its workflow finishes, and its transcript then and again once an approver's decision ends it. Never throws.
 */
export function recordRuns(
  lifecycle: Pick<RunLifecycle, "subscribe">,
  deps: {
    telemetry: Pick<Telemetry, "runCompleted" | "exception">;
    transcripts: { save(state: RunState): Promise<unknown> };
    log: Log;
  },
): () => void {
  const { telemetry, transcripts, log } = deps;
  const saveTranscript = (state: RunState) =>
    transcripts.save(state).catch((error: unknown) => {
      log(`run ${state.runId}: transcript failed: ${describeError(error)}`);
      telemetry.exception(error, { correlationId: state.runId, runId: state.runId, step: "transcript" });
    });
  return lifecycle.subscribe(async (event) => {
    if (event.type === "decided") await saveTranscript(event.state);
    if (event.type !== "finished") return;
    const { state } = event;
    telemetry.runCompleted(state);
    if (state.status === "failed")
      telemetry.exception(new SystemError(state.failure?.message ?? "run failed", { runId: state.runId }), {
        correlationId: state.failure?.correlationId ?? state.runId,
        runId: state.runId,
        step: "run",
      });
    await saveTranscript(state);
  });
}
