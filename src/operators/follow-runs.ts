import type { RunLifecycle } from "../workflow/run-lifecycle";
import { noticeForRun } from "./notice-for-run";
import type { OperatorNotices } from "./operator-notices";

/**
 * Tells operators about runs as the lifecycle reports them: a run that failed or needed the whole
 * flow again when it finishes, and a run given up after too many deliveries when it is poisoned.
 * The requester's service URL is remembered from the run's start, for a channel configured without one.
 */
export function notifyOperatorsOfRuns(lifecycle: Pick<RunLifecycle, "subscribe">, notices: OperatorNotices): () => void {
  const serviceUrls = new Map<string, string>();
  return lifecycle.subscribe((event) => {
    switch (event.type) {
      case "started": {
        const serviceUrl = event.reference?.serviceUrl;
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
        return;
      default:
        return;
    }
  });
}
