import type { AdaptiveCard } from "../cards";
import { describeError, type RunState } from "../domain";
import { decideApproval, type DecisionRequest } from "./decide-approval";
import type { ApprovalDeps } from "./deps";
import type { Reference } from "./ports";
import { requestApproval, type RequestOutcome } from "./request-approval";
import { setApproverChannel, type ApproverChannelCommand } from "./set-approver-channel";
import { settleApproval } from "./settle-approval";

/**
 * The approvals flow for one process: request, decide (settling the decision in the background,
 * after the invoke is answered), and `approvers here`. Holds no approval state of its own —
 * everything is reloaded from the store — only the background deliveries in flight, for shutdown.
 */
export class ApprovalService {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(readonly deps: ApprovalDeps) {}

  /** Pauses a run for approval (see `requestApproval`). */
  request(state: RunState, reference: Reference): Promise<RequestOutcome> {
    return requestApproval(this.deps, state, reference);
  }

  /** Handles an approval card click; the returned card or text is the invoke response. */
  async decide(request: DecisionRequest): Promise<AdaptiveCard | string> {
    const result = await decideApproval(this.deps, request);
    if (result.settledApprovalId) this.settleLater(result.settledApprovalId);
    return result.response;
  }

  /** Handles `approvers here`; returns the reply. */
  setApproverChannel(command: ApproverChannelCommand): Promise<string> {
    return setApproverChannel(this.deps, command);
  }

  /** Resolves when every background delivery has finished, or after `timeoutMs`; true if all finished. */
  async drain(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    const finished = await Promise.race([Promise.all([...this.inFlight]).then(() => true as const), timeout]);
    clearTimeout(timer);
    return finished;
  }

  /** Settles a decision on the next turn of the event loop, so the invoke response goes out first. */
  private settleLater(approvalId: string): void {
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(async () => {
        await settleApproval(this.deps, approvalId);
      })
      .catch((error) => {
        this.deps.log(`approval ${approvalId}: settling failed: ${describeError(error)}`);
        this.deps.telemetry.exception(error, { correlationId: approvalId, step: "approval:settle" });
      });
    this.inFlight.add(task);
    void task.finally(() => this.inFlight.delete(task));
  }
}
