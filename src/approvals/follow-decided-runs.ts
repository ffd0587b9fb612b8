import { describeError, type RunState } from "../domain";
import { retrying } from "../resilience";
import type { RunLifecycle } from "../workflow/run-lifecycle";
import { outcomeCardFor } from "./approval-cards";
import { claimApproval, withAudit } from "./approval-record";
import type { ApprovalDeps } from "./deps";

/** The approval that ended a run, when one did: approved (reviewed) or declined. */
function decidingApproval(state: RunState): string | undefined {
  return state.review?.approvalId ?? (state.failure?.declined ? state.failure.correlationId : undefined);
}

/**
 * The approvals flow's part once a worker has delivered a decided run's card: the approval records
 * the delivery (the history card and the export read it), once, and the approver card is replaced
 * with the outcome for everyone. The requester's card itself is the run worker's, like any run's.
 */
export function followDecidedRuns(lifecycle: Pick<RunLifecycle, "subscribe">, deps: ApprovalDeps): () => void {
  return lifecycle.subscribe(async (event) => {
    if (event.type !== "settled" || (event.stage !== "delivered" && event.stage !== "failed")) return;
    const approvalId = decidingApproval(event.state);
    if (!approvalId) return;
    try {
      const at = deps.clock.now().toISOString();
      const delivered = await claimApproval(deps.records, approvalId, (latest) =>
        latest.status === "pending" || latest.delivery.status === "delivered"
          ? undefined
          : withAudit(
              { ...latest, delivery: { ...latest.delivery, status: "delivered", attempts: latest.delivery.attempts + 1, deliveredAt: at } },
              {
                at,
                actorAadObjectId: "procura",
                action: "deliver",
                outcome: "delivered",
                detail: `run ${event.state.runId} ${event.stage}`,
              },
            ),
      );
      const thread = delivered?.approverThread;
      if (!delivered || !thread) return;
      const posted = { serviceUrl: thread.serviceUrl, conversationId: thread.conversationId, activityId: thread.activityId };
      await retrying(() => deps.messaging.updateCard(posted, outcomeCardFor(delivered)), { policy: deps.sendRetry });
    } catch (error) {
      deps.log(`approval ${approvalId}: delivery not recorded or approver card not updated: ${describeError(error)}`);
      deps.telemetry.exception(error, { correlationId: approvalId, runId: event.state.runId, step: "approval:outcome" });
    }
  });
}
