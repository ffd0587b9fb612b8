import type { AdaptiveCard } from "../cards";
import { describeError, type RunState } from "../domain";
import { decideApproval, type DecisionRequest } from "./decide-approval";
import type { ApprovalDeps } from "./deps";
import type { Reference, TellRequester } from "./ports";
import { requestApproval, type RequestOutcome } from "./request-approval";
import { setApproverChannel, type ApproverChannelCommand } from "./set-approver-channel";
import { listApprovalHistory, type HistoryPage, type HistoryRequest } from "./list-approval-history";
import { settleApproval } from "./settle-approval";
import { within } from "../workflow/within";

/**
 * The approvals flow for one process: request, decide (settling the decision in the background,
 * after the invoke is answered), and `approvers here`. Holds no approval state of its own —
 * everything is reloaded from the store — only the background deliveries in flight, for shutdown.
 */
export class ApprovalService {
  private readonly inFlight = new Set<Promise<void>>();

  /**
   * `continueDecision` hands a decided approval to whatever continues its run (the run queue in the
   * bot); without one, the decision is settled here in the background.
   */
  constructor(
    readonly deps: ApprovalDeps,
    private readonly continueDecision?: (approvalId: string) => Promise<void>,
  ) {}

  /** Pauses a run for approval (see `requestApproval`). */
  request(state: RunState, reference: Reference, tell?: TellRequester): Promise<RequestOutcome> {
    return requestApproval(this.deps, state, reference, tell);
  }

  /** Handles an approval card click; the returned card or text is the invoke response. */
  async decide(request: DecisionRequest): Promise<AdaptiveCard | string> {
    const result = await decideApproval(this.deps, request);
    const decided = result.settledApprovalId;
    if (decided) {
      const queued = this.continueDecision?.(decided).then(
        () => true,
        (error: unknown) => {
          // The decision is stored; settling it here keeps it from waiting for the maintenance job.
          this.deps.log(`approval ${decided}: could not be queued, settled here: ${describeError(error)}`);
          return false;
        },
      );
      if (!(await queued)) this.settleLater(decided);
    }
    return result.response;
  }

  /** Settles a decided approval now (the run worker, on its queue message); resolves with its run id. */
  async settle(approvalId: string): Promise<string | undefined> {
    const read = await this.deps.records.get(approvalId);
    if (!read) return undefined;
    await settleApproval(this.deps, approvalId);
    return read.value.runId;
  }

  /** Handles `approvers here`; returns the reply. */
  setApproverChannel(command: ApproverChannelCommand): Promise<string> {
    return setApproverChannel(this.deps, command);
  }

  /** Handles `approvals history` and its "next page" clicks; returns the page, or a refusal. */
  history(request: HistoryRequest): Promise<HistoryPage | string> {
    return listApprovalHistory(this.deps, request);
  }

  /** Resolves when every background delivery has finished, or after `timeoutMs`; true if all finished. */
  async drain(timeoutMs: number): Promise<boolean> {
    return within(Promise.all([...this.inFlight]), timeoutMs);
  }

  /** Settles a decision on the next turn of the event loop, so the invoke response goes out first. */
  private settleLater(approvalId: string): void {
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(async () => {
        await settleApproval(this.deps, approvalId);
      })
      .catch((error: unknown) => {
        this.deps.log(`approval ${approvalId}: settling failed: ${describeError(error)}`);
        this.deps.telemetry.exception(error, { correlationId: approvalId, step: "approval:settle" });
      });
    this.inFlight.add(task);
    void task.finally(() => this.inFlight.delete(task));
  }
}
