import { describeError, type Approval, type Reference, type RunState } from "../domain";
import { approvalCardFor } from "./approval-cards";
import { updateApproval, withAudit } from "./approval-record";
import { channelTarget, resolveApproverChannel } from "./approver-channel";
import type { ApprovalDeps } from "./ports";
import { retrying } from "../resilience";

/** Where a post attempt left the approval. */
type PostOutcome = "posted" | "already_posted" | "no_channel" | "failed";

/**
 * Posts the approval card as a new thread in the approver channel (retried with backoff) and stores
 * the thread on the record. Without an approver channel, or when Teams keeps failing, the approval
 * stays pending without a thread; `approvers here` and the maintenance job post it later. `again`
 * posts an approval that already has a thread once more (an approver asked for it). The requester's
 * reference, when known, says which serviceUrl reaches the tenant if the channel's is not stored.
 */
export async function postApprovalThread(
  deps: ApprovalDeps,
  approval: Approval,
  run: RunState,
  requester: Reference | undefined,
  { again = false } = {},
): Promise<PostOutcome> {
  if (approval.approverThread && !again) return "already_posted";
  const channel = await resolveApproverChannel(deps.approvers, deps.settings);
  const serviceUrl = typeof requester?.serviceUrl === "string" ? requester.serviceUrl : undefined;
  const target = channel && channelTarget(channel, serviceUrl);
  if (!target) {
    deps.log(
      `approval ${approval.id}: no approver channel is known yet (set APPROVER_CHANNEL_ID or run "approvers here" in a channel); it waits`,
    );
    return "no_channel";
  }
  try {
    const thread = await retrying(() => deps.messaging.postThread(target, approvalCardFor(approval, run, deps.cards)), {
      policy: deps.sendRetry,
    });
    const at = deps.clock.now().toISOString();
    await updateApproval(deps.records, approval.id, (latest) =>
      withAudit(
        { ...latest, approverThread: thread },
        {
          at,
          actorAadObjectId: "procura",
          action: "post",
          outcome: again ? "posted again" : "posted",
          detail: `thread ${thread.conversationId}`,
        },
      ),
    );
    return "posted";
  } catch (error) {
    deps.log(`approval ${approval.id}: posting to the approver channel failed: ${describeError(error)}`);
    deps.telemetry.exception(error, { correlationId: approval.id, runId: approval.runId, step: "approval:post" });
    return "failed";
  }
}
