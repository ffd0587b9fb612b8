import type { AdaptiveCard } from "../cards";
import { describeError, type Approval, type RunState } from "../domain";
import { decideApproval, type DecisionRequest } from "./decide-approval";
import type { ApprovalDeps } from "./deps";
import type { Reference, TellRequester } from "./ports";
import { requestApproval, type RequestOutcome } from "./request-approval";
import { setApproverChannel, type ApproverChannelCommand } from "./set-approver-channel";
import { listApprovalHistory, type HistoryPage, type HistoryRequest } from "./list-approval-history";
import { listPendingApprovals, repostApproval, type PendingRequest } from "./pending-approvals";

/**
 * The approvals flow for one process: request, decide (the decision is handed to the run queue,
 * where a worker resumes the run), `approvers here` and the history. Holds no approval state of its
 * own: everything is reloaded from the store.
 */
export class ApprovalService {
  constructor(readonly deps: ApprovalDeps) {}

  /** Pauses a run for approval (see `requestApproval`). */
  request(state: RunState, reference: Reference, tell?: TellRequester): Promise<RequestOutcome> {
    return requestApproval(this.deps, state, reference, tell);
  }

  /**
   * Handles an approval card click; the returned card or text is the invoke response. A decision
   * that cannot be queued stays stored, and the maintenance job queues it again.
   */
  async decide(request: DecisionRequest): Promise<AdaptiveCard | string> {
    const result = await decideApproval(this.deps, request);
    const decided = result.settledApprovalId;
    if (decided)
      await this.deps.continueRun(decided).catch((error: unknown) => {
        this.deps.log(`approval ${decided}: its run could not be queued yet, the maintenance job queues it: ${describeError(error)}`);
        this.deps.telemetry.exception(error, { correlationId: decided, step: "approval:continue" });
      });
    return result.response;
  }

  /** Handles `approvers here`; returns the reply. */
  setApproverChannel(command: ApproverChannelCommand): Promise<string> {
    return setApproverChannel(this.deps, command);
  }

  /** Handles `approvals history` and its "next page" clicks; returns the page, or a refusal. */
  history(request: HistoryRequest): Promise<HistoryPage | string> {
    return listApprovalHistory(this.deps, request);
  }

  /** Handles `approvals pending`: the open approvals, oldest first, or a refusal. */
  pending(request: PendingRequest): Promise<Approval[] | string> {
    return listPendingApprovals(this.deps, request);
  }

  /** Handles a "post again" click of the pending list; returns the reply. */
  repost(request: PendingRequest & { approvalId: string }): Promise<string> {
    return repostApproval(this.deps, request);
  }
}
