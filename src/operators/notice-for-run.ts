import type { OperatorNotice, RunState } from "../domain";

/**
 * The notice a finished run deserves, if any: a failed run, or one that completed only after the
 * whole flow ran again. The error kind is the last executor outcome that was not ok
 * (`moderator:invalid_output`), or `internal` when no executor failed (a bug, a store outage).
 */
export function noticeForRun(state: RunState, serviceUrl?: string): OperatorNotice | undefined {
  const kind = state.status === "failed" ? "run_failed" : state.attempts > 1 ? "run_retried" : undefined;
  if (kind === undefined) return undefined;
  const failedExecutor = state.events.findLast((e) => e.type === "executor_completed" && e.outcome !== undefined && e.outcome !== "ok");
  return {
    kind,
    runId: state.runId,
    correlationId: state.failure?.correlationId ?? state.runId,
    errorKind: failedExecutor ? `${failedExecutor.executor}:${failedExecutor.outcome}` : "internal",
    attempts: state.attempts,
    question: state.question,
    ...(serviceUrl ? { serviceUrl } : {}),
  };
}
