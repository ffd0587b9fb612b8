import {
  LeaseLostError,
  RunMessageSchema,
  UnsupportedRunVersionError,
  describeError,
  questionLength,
  type Approval,
  type RunMessage,
  type RunState,
  type Log,
  type WorkflowEvent,
} from "../domain";
import { describeZodError } from "../domain/errors";
import { rememberRun } from "./conversation-turn";
import type { WorkflowDeps } from "./deps";
import { OwnedRun, queuedRecord } from "./owned-run";
import type { LeasedMessage, RunApprovals, RunDelivery, RunQueue } from "./ports";
import type { RunLifecycle } from "./run-lifecycle";
import { cardFor, isFinal, isSettled } from "./run-status";
import { newRunState, resumeRun } from "./runner";

type QuestionMessage = Extract<RunMessage, { kind: "question" }>;

/** A leased message and, once its run is claimed, the run it holds (let go when the lease is lost or the process stops). */
export interface RunJob {
  readonly leased: LeasedMessage;
  holding?: OwnedRun;
}

/** What the run handler needs. `workflow.store` is the plain run store; the handler fences it per run. */
export interface RunHandlerDeps {
  workflow: WorkflowDeps;
  queue: RunQueue;
  lifecycle: RunLifecycle;
  delivery: RunDelivery;
  /** Absent when no approvals flow is wired. */
  approvals?: RunApprovals;
  log: Log;
}

/**
 * What a run queue message means, on one path: a question claims its run (creating it); an approver's decision (or an
 * approval's expiry) enters the approvals room, which calls `resume` back for the run stopped at its approval node. Either
 * resumes the workflow from its last checkpoint (the decision as the approval node's input) and ends it: one card sent once
 * through the delivery port, then `settled` published.
 */
export class RunHandler {
  constructor(
    private readonly deps: RunHandlerDeps,
    private readonly instanceId: string,
  ) {}

  /** Does the message's work; resolves once the message may be deleted. Throws to have it delivered again. */
  async handle(message: RunMessage, job: RunJob): Promise<void> {
    try {
      if (message.kind === "question") {
        await this.resume(message.runId, job, message);
        return;
      }
      const { approvals } = this.deps;
      if (!approvals) throw new Error("this instance cannot resume runs after approvals (no approvals flow is wired)");
      await approvals.resumeDecided(message.approvalId, (decided) => this.resume(decided.runId, job, undefined, decided));
    } catch (error) {
      if (!(error instanceof UnsupportedRunVersionError)) throw error;
      await this.refuse(message, error);
    }
  }

  /** A run stored with another run shape is never read as this one's: its asker gets the error card; another delivery would find the same. */
  private async refuse(message: RunMessage, error: UnsupportedRunVersionError): Promise<void> {
    const { workflow, delivery, log } = this.deps;
    log(`run ${error.runId}: refused, ${error.message}`);
    const approval = message.kind === "question" ? undefined : await this.deps.approvals?.get(message.approvalId);
    const asked =
      message.kind === "question"
        ? initialState(workflow, message)
        : approval && { ...newRunState(workflow, approval), reference: error.reference };
    // A decision's asker is reached through the reference their run keeps; a run stored before it did cannot tell.
    if (!asked?.reference) {
      log(`run ${error.runId}: its asker cannot be told (no conversation reference this release can read)`);
      return;
    }
    await delivery.send("error", endedAs("failed", asked, error.message, workflow.clock.now()));
  }

  /** Claims the run (a question's, or one an approver `decided`: the approval node's input), resumes and ends it; true once ended. */
  private async resume(runId: string, job: RunJob, question?: QuestionMessage, decided?: Approval): Promise<boolean> {
    const { workflow, lifecycle, approvals } = this.deps;
    const owner = `${this.instanceId}#${job.leased.deliveryCount}`;
    const owned = question
      ? await OwnedRun.claim(workflow.store, runId, owner, () => initialState(workflow, question), workflow.clock)
      : await OwnedRun.resume(workflow.store, runId, owner, workflow.clock);
    if (!owned) {
      // A decided run an earlier delivery of this message ended: the approver card may still need its outcome.
      const stored = decided && (await workflow.store.read(runId))?.value;
      return stored !== undefined && isFinal(stored);
    }
    job.holding = owned;
    if (question) await lifecycle.publish({ type: "started", state: owned.state, owner, takeover: owned.takeover });

    // The progress view reads the latest checkpoint with the workflow events seen since appended (the newest per executor
    // last). Events are kept across checkpoints: some may have been emitted after a snapshot was taken but before it was written.
    let checkpointed: RunState | undefined;
    const seen: WorkflowEvent[] = [];
    const progress = () => {
      if (checkpointed) void lifecycle.publish({ type: "progress", state: { ...checkpointed, events: [...checkpointed.events, ...seen] } });
    };
    const final = await resumeRun(
      {
        ...workflow,
        ...(approvals ? { requestApproval: (state: RunState) => approvals.request(state) } : {}),
        store: owned.fencedStore((state) => {
          checkpointed = state;
          progress();
        }),
        events: {
          emit: (event) => {
            workflow.events.emit(event);
            seen.push(event);
            progress();
          },
        },
      },
      owned.state,
      decided,
    );
    if (!owned.owned) throw new LeaseLostError(runId, owner);
    if (owned.state.status === "running") await owned.save(final);
    // The turn is remembered before the card is sent, so a follow-up (or a `reset`) typed after the answer appeared finds it.
    if (!decided)
      await rememberRun(workflow.memory, final).catch((error: unknown) =>
        this.deps.log(`run ${final.runId}: could not remember the turn: ${describeError(error)}`),
      );
    await lifecycle.publish(decided ? { type: "decided", state: final, approvalId: decided.id } : { type: "finished", state: final });
    const card = cardFor(final);
    await owned.sendOnce(card, () => this.deps.delivery.send(card, final));
    await lifecycle.publish({ type: "settled", state: owned.state });
    return true;
  }

  /**
   * The message was delivered more often than allowed: the run is marked poisoned, its requester gets the error card once,
   * the message is set aside (kept for inspection), operators are told. A message whose run turns out settled
   * (only its deletion had failed) is deleted instead.
   */
  async poisoned(message: RunMessage, job: RunJob, reason: string): Promise<void> {
    const { workflow, delivery, lifecycle, log } = this.deps;
    let runId: string | undefined;
    let state: RunState | undefined;
    try {
      runId = message.kind === "question" ? message.runId : (await this.deps.approvals?.get(message.approvalId))?.runId;
      if (runId !== undefined) {
        // A question's run never claimed (the store was down each time) is stored now, so the poisoned run can be inspected.
        if (message.kind === "question" && !(await workflow.store.read(runId)))
          await workflow.store.write(queuedRecord(initialState(workflow, message)), undefined);
        const owned = await OwnedRun.hold(workflow.store, runId, `${this.instanceId}#poison`, workflow.clock);
        // Settled already (only the message's deletion failed): nothing to tell anyone. A run waiting for
        // an approver is a question's end, but the very thing a decision's message had to do.
        if (!owned || (message.kind === "question" ? isSettled(owned.record) : isFinal(owned.record))) {
          await job.leased.complete();
          return;
        }
        const poisoned = endedAs("poisoned", owned.state, reason, workflow.clock.now());
        state = poisoned;
        job.holding = owned;
        await owned.save(poisoned);
        await owned.sendOnce("error", () => delivery.send("error", poisoned));
      }
    } catch (error) {
      log(`run ${runId ?? job.leased.id}: poisoned, but the requester could not be told: ${describeError(error)}`);
    }
    await this.deps.queue.quarantine(job.leased, reason);
    await lifecycle.publish({
      type: "poisoned",
      runId: runId ?? job.leased.id,
      correlationId: runId ?? job.leased.id,
      deliveryCount: job.leased.deliveryCount,
      reason,
      ...(state ? { state } : {}),
    });
  }
}

/** A question's run as its message starts it (the message carries the run request's fields), started when the intake accepted it. */
function initialState(workflow: WorkflowDeps, message: QuestionMessage): RunState {
  return { ...newRunState(workflow, { ...message, startedAt: message.acceptedAt }), reference: message.reference };
}

/** `reason` is told to operators; the asker gets the error card's words. */
function endedAs(status: "failed" | "poisoned", state: RunState, reason: string, now: Date): RunState {
  const at = now.toISOString();
  return {
    ...state,
    status,
    phase: "done",
    endedAt: at,
    updatedAt: at,
    failure: { message: `The run could not be completed: ${reason}`, correlationId: state.runId },
  };
}

/** A queue message validated (a message is an external boundary); a question over the intake's limit is invalid too. */
export function parseRunMessage(body: string, maxQuestionChars: number): { ok: true; value: RunMessage } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    return { ok: false, error: `not JSON (${describeError(error)})` };
  }
  const parsed = RunMessageSchema.safeParse(json);
  if (!parsed.success) return { ok: false, error: describeZodError(parsed.error) };
  const length = parsed.data.kind === "question" ? questionLength(parsed.data.question) : 0;
  if (length > maxQuestionChars)
    return { ok: false, error: `the question is ${length} characters long, over the limit of ${maxQuestionChars}` };
  return { ok: true, value: parsed.data };
}
