import { buildUnderReviewCard } from "../cards";
import { describeError, type Approval, type Reference, type RunState, stringsFor } from "../domain";
import { claimApproval, newApproval } from "./approval-record";
import type { ApprovalDeps } from "./deps";
import type { TellRequester } from "./ports";
import { postApprovalThread, type PostOutcome } from "./post-approval-thread";

/**
 * What asking for approval did: submitted (whether the card is in the channel, and whether this call
 * told the requester — false when an earlier attempt already did), or refused to proceed.
 */
export type RequestOutcome =
  { kind: "submitted"; approvalId: string; post: PostOutcome; told: boolean } | { kind: "not_submitted"; cause: string };

/**
 * Pauses a run for a human: the approval record is stored first (fail closed — when the store is
 * down the requester is told to try again and nothing is posted), then the card goes to the
 * approver channel as a new thread, then the requester is told the answer is under review. Asking
 * again for the same run (a run taken over by another instance) reuses its approval: the card is
 * never posted twice, and the requester is told once — the record is claimed before telling, so a
 * process that dies right after telling does not make its successor tell again.
 */
export async function requestApproval(
  deps: ApprovalDeps,
  state: RunState,
  reference: Reference,
  tell?: TellRequester,
): Promise<RequestOutcome> {
  const tellRequester = tell ?? ((content: Parameters<TellRequester>[0]) => deps.messaging.sendTo(reference, content));
  let approval: Approval;
  try {
    approval = await storeOnce(deps, newApproval(state, reference, deps.clock.now(), deps.timing.expireAfterMs));
  } catch (error) {
    deps.log(`run ${state.runId}: approval not stored, requester told to retry: ${describeError(error)}`);
    deps.telemetry.exception(error, { correlationId: state.runId, runId: state.runId, step: "approval:request" });
    await tellRequester(stringsFor(state.language).approvals.submitFailed);
    return { kind: "not_submitted", cause: describeError(error) };
  }
  if (approval.status !== "pending") return { kind: "submitted", approvalId: approval.id, post: "already_posted", told: false };
  const post = await postApprovalThread(deps, approval, state, reference);
  const toldAt = deps.clock.now().toISOString();
  const claimed = await claimApproval(deps.records, approval.id, (latest) =>
    latest.requesterToldAt ? undefined : { ...latest, requesterToldAt: toldAt },
  );
  if (claimed) await tellRequester(buildUnderReviewCard({ language: state.language, question: state.question }));
  return { kind: "submitted", approvalId: approval.id, post, told: claimed !== undefined };
}

async function storeOnce(deps: ApprovalDeps, approval: Approval): Promise<Approval> {
  const created = await deps.records.create(approval);
  if (created.kind === "written") return approval;
  const existing = await deps.records.get(approval.id);
  if (!existing) throw new Error(`approval ${approval.id} conflicted on create but cannot be read`);
  return existing.value;
}
