import {
  initialModeState,
  questionToAnswer,
  type Finding,
  type ModeratorAnswer,
  type RouterDecision,
  type RunPhase,
  type RunState,
} from "../../domain";
import { node, running, type GraphExit, type GraphNode, type PhaseStep } from "../graph";
import { suggestFollowUps } from "../follow-up-suggestions";
import type { RunContext } from "../run-context";
import { hitlReasons } from "../steps/approval-check";
import { approvalStep } from "../steps/approval-step";
import { moderate } from "../steps/moderator-step";
import { gateSendsBack, requeryTargets } from "../steps/quality-gate";
import { routeQuestion } from "../steps/router-step";
import { runSpecialist } from "../steps/specialist-step";
import { understandMessage } from "../steps/understand-step";

/** A Moderator failure reruns the whole flow once (reset to before the Router), then fails clearly. */
async function moderatePhase(context: RunContext): Promise<void> {
  const { state } = context;
  const second = state.quality.retried;
  const critiqued = second && state.answer ? { qscore: state.answer.qscore, critique: state.answer.critique } : undefined;
  const outcome = await moderate(context, critiqued);
  if (outcome.kind === "ok") {
    state.answer = outcome.value;
    if (state.quality.initialScore === null) state.quality.initialScore = outcome.value.qscore;
    else state.quality.finalScore = outcome.value.qscore;
    return;
  }
  if (second && state.answer) {
    // The re-asked answer failed, but the first one stands: keep it rather than lose the run.
    state.quality.finalScore = state.answer.qscore;
    context.note(`second moderation ${outcome.kind}; keeping the first answer`);
    return;
  }
  if (state.attempts === 1 && context.remainingMs() > 0) {
    context.note(`moderator ${outcome.kind}: running the whole flow again`);
    state.attempts = 2;
    state.decision = undefined;
    state.modeState = initialModeState(state.modeState.mode);
    state.findings = [];
    state.answer = undefined;
    state.quality = { initialScore: null, finalScore: null, retried: false };
    return;
  }
  context.fail(`The Moderator could not produce an answer (${outcome.kind}: ${outcome.cause})`);
}

async function gatePhase(context: RunContext): Promise<void> {
  const { state, deps } = context;
  const { answer } = decidedAndAnswered(state);
  const requery = gateSendsBack(state, deps.settings);
  context.emit({
    type: "phase_completed",
    phase: "gate",
    outcome: "ok",
    detail: `qscore ${answer.qscore}: ${requery ? "re-ask" : "pass"}`,
  });
  if (!requery) state.quality.finalScore ??= answer.qscore;
}

async function reinvestigatePhase(context: RunContext): Promise<void> {
  const { state, deps } = context;
  const { decision, answer } = decidedAndAnswered(state);
  state.quality.retried = true;
  const targets = requeryTargets(decision, deps.settings.requerySpecialists);
  const revised = await Promise.all(
    targets.map((id) =>
      runSpecialist(context, context.specialist(id), {
        round: "requery",
        critique: answer.critique,
        previous: state.findings.find((f) => f.specialist === id),
      }),
    ),
  );
  replaceFindings(state, revised);
}

async function decidePhase(context: RunContext): Promise<void> {
  const { state, deps } = context;
  const { decision, answer } = decidedAndAnswered(state);
  const reasons = hitlReasons(questionToAnswer(state), state.language, decision, answer, state.findings, deps.settings);
  if (reasons.length > 0) state.approval = { reasons };
  else state.status = "answered";
  state.suggestedFollowUps = suggestFollowUps(state);
}

function decidedAndAnswered(state: RunState): { decision: RouterDecision; answer: ModeratorAnswer } {
  const { decision, answer } = state;
  if (!decision || !answer) throw new Error(`phase '${state.phase}' needs the Router's decision and the Moderator's answer`);
  return { decision, answer };
}

/** A specialist's revised finding replaces its earlier one; a failed revision leaves the earlier one standing. */
export function replaceFindings(state: RunState, revised: Finding[]): void {
  const newer = revised.filter((f) => f.status === "ok");
  state.findings = state.findings.map((finding) => newer.find((n) => n.specialist === finding.specialist) ?? finding);
}

/** A mode's Router node: on to `first`, or the end when the question is not about procurement. */
export function routeNode(route: PhaseStep, first: GraphExit): GraphNode {
  return node(
    route,
    [first, { to: "done", when: "the question is not about procurement: a polite out-of-scope reply, no specialist runs" }],
    (state) => (running(state) ? first.to : "done"),
  );
}

/** The Router's decision; none when the question is not about procurement: the run then ends out of scope, no specialist runs. */
export async function routeInScope(context: RunContext): Promise<RouterDecision | undefined> {
  const decision = await routeQuestion(context);
  if (decision.inScope) return decision;
  context.speculative?.cancel();
  context.state.decision = decision;
  context.state.status = "out_of_scope";
  return undefined;
}

/**
 * The nodes every mode shares: first a follow-up is made a standalone question (or asked back when nothing
 * resolves it); from the Moderator on, every mode ends the same way: quality gate, one re-ask, approval check, approval.
 */
export const SHARED_NODES: Record<"understand" | "moderate" | "gate" | "reinvestigate" | "decide" | "approve", GraphNode> = {
  understand: node(
    understandMessage,
    [
      { to: "route", when: "the message stands alone, or was rewritten with the conversation's memory" },
      { to: "done", when: "an ambiguous follow-up that nothing remembered resolves: ask back" },
    ],
    (state) => (running(state) ? "route" : "done"),
  ),
  moderate: node(
    moderatePhase,
    [
      { to: "gate", when: "the Moderator answered (or its re-ask failed and the first answer stands)" },
      { to: "route", when: "the Moderator failed on the first attempt: run the whole flow again" },
      { to: "done", when: "the Moderator failed again, or the run budget is spent" },
    ],
    (state) => (!running(state) ? "done" : state.answer === undefined ? "route" : "gate"),
  ),
  gate: node(
    gatePhase,
    [
      { to: "reinvestigate", when: "qscore below threshold and not yet re-asked" },
      { to: "decide", when: "qscore at or above threshold, or already re-asked" },
    ],
    (state, settings) => (gateSendsBack(state, settings) ? "reinvestigate" : "decide"),
  ),
  reinvestigate: node(
    reinvestigatePhase,
    [{ to: "moderate", when: "the top-priority specialists answered the critique" }],
    () => "moderate",
  ),
  decide: node(
    decidePhase,
    [
      { to: "approve", when: "a rule or an agent asks for a human sign-off" },
      { to: "done", when: "completed without one" },
    ],
    (state) => (running(state) ? "approve" : "done"),
  ),
  // The run stops here awaiting the decision (the runner's interrupt); the decision resumes it here.
  approve: node(
    approvalStep,
    [{ to: "done", when: "approved or edited (the answer), rejected or expired (the notice), or the approval could not be stored" }],
    () => "done",
  ),
};

/** What a mode declares of its graph: its Router node (see `routeNode`) and its own nodes after it. */
export type ModeNodes = { route: GraphNode } & Partial<Record<Exclude<RunPhase, "done" | keyof typeof SHARED_NODES>, GraphNode>>;
