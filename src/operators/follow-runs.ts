import type { RunLifecycle } from "../workflow/run-lifecycle";
import type { OperatorNotices } from "./operator-notices";
import type { OperatorNotice, RunState } from "../domain";

/**
 * Tells operators about runs as the lifecycle reports them: a run that failed or needed the whole flow again when it finishes, and a run
 * given up after too many deliveries when it is poisoned. The requester's service URL is remembered from the run's start, for a channel
 * configured without one.
 */
export function notifyOperatorsOfRuns(lifecycle: Pick<RunLifecycle, "subscribe">, notices: OperatorNotices): () => void {
  const serviceUrls = new Map<string, string>();
  return lifecycle.subscribe((event) => {
    switch (event.type) {
      case "started": {
        const serviceUrl = event.state.reference?.serviceUrl;
        if (typeof serviceUrl === "string") serviceUrls.set(event.state.runId, serviceUrl);
        return;
      }
      case "finished": {
        const notice = noticeForRun(event.state, serviceUrls.get(event.state.runId));
        serviceUrls.delete(event.state.runId);
        if (notice) void notices.notify(notice);
        return;
      }
      case "poisoned": {
        const serviceUrl = serviceUrls.get(event.runId);
        serviceUrls.delete(event.runId);
        void notices.notify({
          kind: "run_poisoned",
          runId: event.runId,
          correlationId: event.correlationId,
          errorKind: "poisoned",
          attempts: event.deliveryCount,
          ...(event.state ? { question: event.state.question } : {}),
          ...(serviceUrl ? { serviceUrl } : {}),
        });
        return;
      }
      case "lease_lost":
        serviceUrls.delete(event.runId);
    }
  });
}

/**
 * The notice a finished run deserves, if any: a failed run, or one that completed only after the whole flow ran again. The error kind is
 * the last executor outcome that was not ok (`moderator:invalid_output`), or `internal` when no executor failed (a bug, a store outage).
 */
function noticeForRun(state: RunState, serviceUrl?: string): OperatorNotice | undefined {
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
