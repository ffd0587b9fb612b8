import { FALLBACK_SPECIALIST, detectLanguage, describeError, questionToAnswer, specialistFailures, type Finding, type Requester, type OrchestrationMode, type RouterDecision, type RunPhase, type RunState, type SpecialistDefinition } from "../domain";
import type { WorkflowDeps, WorkflowSettings } from "./deps";
import { AGENT_GRAPHS, assertTransition, validateGraph } from "./graph";
import { RunContext } from "./run-context";
import { hitlReasons } from "./steps/approval-check";
import { moderate } from "./steps/moderator-step";
import { needsRequery, requeryTargets } from "./steps/quality-gate";
import { fallbackDecision, routeQuestion } from "./steps/router-step";
import { converse, groupChatDecision, isPass, participants } from "./steps/group-chat";
import { ROUTER_TARGET, consultedSpecialists, handedOverFindings, handoffDecision, handoffTargets } from "./steps/handoff";
import { runSpecialist } from "./steps/specialist-step";
import { understandMessage } from "./steps/understand-step";
import { suggestFollowUps } from "./follow-up-suggestions";

for (const graph of Object.values(AGENT_GRAPHS)) validateGraph(graph);

/** A question to answer, who asked it (ids only), and whose conversation memory gives it context. */
export interface RunRequest {
  question: string;
  /** The orchestration mode; the configured one when absent. */
  mode?: OrchestrationMode;
  requester?: Requester;
  runId?: string;
  /** The conversation (chat or channel thread) the question continues; none for one-shot questions. */
  conversationKey?: string;
}

/** Answers a question through the agent graph; always resolves with a terminal run state. */
export async function runQuestion(deps: WorkflowDeps, request: RunRequest): Promise<RunState> {
  return drive(new RunContext(deps, newRunState(deps, request)));
}

/**
 * Only the Router's decision for a question (nothing is stored): what scope and routing
 * evaluations measure, through the same step and model a real run uses.
 */
export async function routeOnly(deps: WorkflowDeps, question: string): Promise<RouterDecision> {
  return routeQuestion(new RunContext(deps, newRunState(deps, { question })));
}

/** The state of a run that has not started a step yet (`startedAt`: when the question was accepted, by default now). */
export function newRunState(deps: Pick<WorkflowDeps, "clock" | "model" | "newRunId"> & { settings: Pick<WorkflowSettings, "orchestration"> }, request: RunRequest & { startedAt?: string }): RunState {
  const now = deps.clock.now().toISOString();
  return {
    schemaVersion: 1,
    runId: request.runId ?? deps.newRunId(),
    question: request.question,
    ...(request.conversationKey ? { conversationKey: request.conversationKey } : {}),
    language: detectLanguage(request.question),
    requester: request.requester,
    mode: request.mode ?? deps.settings.orchestration,
    status: "running",
    phase: "understand",
    attempts: 1,
    startedAt: request.startedAt ?? now,
    updatedAt: now,
    offline: deps.model.kind === "offline",
    findings: [],
    quality: { initialScore: null, finalScore: null, retried: false },
    hitlReasons: [],
    usage: { inputTokens: 0, outputTokens: 0 },
    events: [],
  };
}

/**
 * Continues a run left in flight by a stopped process from its last checkpoint. The run budget
 * starts again (the process that owned it is gone) but `startedAt` stays, so the recorded latency
 * is what the user waited; completed steps are not repeated.
 */
export async function resumeRun(deps: WorkflowDeps, saved: RunState): Promise<RunState> {
  if (saved.status !== "running") return saved;
  return drive(new RunContext(deps, structuredClone(saved), deps.clock.now().getTime()));
}

type PhaseHandler = (context: RunContext) => Promise<RunPhase>;

const handlers: Record<Exclude<RunPhase, "done">, PhaseHandler> = {
  understand: understandMessage,
  route: async (context) => {
    const { state } = context;
    const firstRouting = state.decision === undefined;
    if (state.mode === "handoff") {
      const decision = await routeQuestion(context, consultedSpecialists(state));
      if (firstRouting && !decision.inScope) return declineOutOfScope(context, decision);
      state.speaker = decision.priority[0]!;
      state.decision = handoffDecision(decision, state.decision, state.speaker);
      return "handoff";
    }
    if (state.mode === "group-chat") {
      const decision = await routeQuestion(context);
      if (!decision.inScope) return declineOutOfScope(context, decision);
      state.decision = groupChatDecision(decision, participants(context).map((s) => s.id));
      return "converse";
    }
    if (state.rerouted) {
      state.decision = await routeQuestion(context, specialistFailures(state.findings).filter((f) => state.rerouted!.excluded.includes(f.specialist)));
      return "investigate";
    }
    if (context.deps.settings.speculativeKnowledge) startSpeculativeKnowledge(context);
    const decision = await routeQuestion(context);
    if (!decision.inScope) return declineOutOfScope(context, decision);
    state.decision = decision;
    if (!decision.selected.includes(FALLBACK_SPECIALIST)) context.speculative?.abort.abort();
    return "investigate";
  },
  investigate: investigatePhase,
  debate: async (context) => {
    const { state } = context;
    const ok = state.findings.filter((f) => f.status === "ok");
    const revised = await Promise.all(
      ok.map((finding) =>
        runSpecialist(context, specialistById(context, finding.specialist), {
          round: "debate",
          previous: finding,
          peers: ok.filter((peer) => peer !== finding),
        }),
      ),
    );
    replaceFindings(state, revised.filter((f) => f.status === "ok"));
    return "moderate";
  },
  converse: async (context) => {
    const { state } = context;
    await converse(context, participants(context));
    if (state.findings.some((f) => f.status === "ok" && !isPass(f))) {
      state.findings = state.findings.filter((f) => !isPass(f));
      return "moderate";
    }
    return fail(context, `No specialist could answer in the group chat: ${state.findings.map((f) => `${f.specialist} (${f.status === "failed" ? f.error : "passed"})`).join("; ")}`);
  },
  handoff: handoffPhase,
  moderate: moderatePhase,
  gate: async (context) => {
    const { state, deps } = context;
    const requery = needsRequery(state.answer!, deps.settings.qscoreThreshold, state.quality.retried);
    context.emit({ type: "phase_completed", phase: "gate", outcome: "ok", detail: `qscore ${state.answer!.qscore}: ${requery ? "re-ask" : "pass"}` });
    if (requery) return "reinvestigate";
    state.quality.finalScore ??= state.answer!.qscore;
    return "decide";
  },
  reinvestigate: async (context) => {
    const { state, deps } = context;
    state.quality.retried = true;
    const targets = requeryTargets(state.decision!, deps.settings.requerySpecialists);
    const revised = await Promise.all(
      targets.map((id) =>
        runSpecialist(context, specialistById(context, id), {
          round: "requery",
          critique: state.answer!.critique,
          previous: state.findings.find((f) => f.specialist === id),
        }),
      ),
    );
    replaceFindings(state, revised.filter((f) => f.status === "ok"));
    return "moderate";
  },
  decide: async (context) => {
    const { state, deps } = context;
    state.hitlReasons = hitlReasons(questionToAnswer(state), state.language, state.decision!, state.answer!, state.findings, {
      amountThresholdJpy: deps.settings.hitlAmountThreshold,
      categories: deps.settings.hitlCategories,
      jpyRates: deps.settings.jpyRates,
    });
    state.status = state.hitlReasons.length > 0 ? "awaiting_approval" : "completed";
    state.suggestedFollowUps = suggestFollowUps(state);
    return "done";
  },
};

/** Ends a run whose question is not about procurement: no specialist works on it, the reply says so politely. */
function declineOutOfScope(context: RunContext, decision: RouterDecision): RunPhase {
  context.speculative?.abort.abort();
  context.state.decision = decision;
  context.state.status = "out_of_scope";
  return "done";
}

/**
 * Runs the selected specialists that have no finding yet, all at once. If every one failed, the
 * Router is asked once more without them (their failures stay, so the Moderator is told); if that
 * also leaves no finding, Knowledge alone.
 */
async function investigatePhase(context: RunContext): Promise<RunPhase> {
  const { state } = context;
  const pending = state.decision!.selected.filter((id) => !state.findings.some((f) => f.specialist === id));
  const speculative = context.speculative;
  context.speculative = undefined;
  await Promise.all(
    pending.map(async (id) => {
      const finding =
        id === FALLBACK_SPECIALIST && speculative
          ? await speculative.finding
          : await runSpecialist(context, specialistById(context, id), { round: "initial" });
      state.findings.push(finding);
      context.checkpoint();
    }),
  );
  if (state.findings.some((f) => f.status === "ok")) {
    const okCount = state.findings.filter((f) => f.status === "ok").length;
    return state.decision!.debateMode === "debate" && okCount >= 2 ? "debate" : "moderate";
  }
  if (canReroute(context)) {
    const excluded = specialistFailures(state.findings).map((f) => f.specialist);
    context.emit({ type: "phase_completed", phase: "investigate", detail: `every selected specialist failed (${excluded.join(", ")}); asking the Router again without them` });
    state.rerouted = { excluded };
    return "route";
  }
  context.emit({ type: "phase_completed", phase: "investigate", detail: "every selected specialist failed; trying Knowledge alone" });
  const fallback = await runSpecialist(context, specialistById(context, FALLBACK_SPECIALIST), { round: "initial" });
  state.findings = [...state.findings.filter((f) => f.specialist !== FALLBACK_SPECIALIST), fallback];
  if (fallback.status === "ok") return "moderate";
  return fail(context, `No specialist could answer: ${state.findings.map((f) => `${f.specialist} (${f.status === "failed" ? f.error : "ok"})`).join("; ")}`);
}

/** Re-routing happens once per attempt, while time is left and some specialist has not failed yet. */
function canReroute(context: RunContext): boolean {
  const { state, deps } = context;
  const failed = new Set(specialistFailures(state.findings).map((f) => f.specialist));
  return !state.rerouted && context.remainingMs() > 0 && deps.prompts.specialists.some((s) => !failed.has(s.id));
}

/**
 * One handoff turn: the speaker answers (to the Moderator), or hands the question to another
 * specialist or back to the Router with a reason. A failed speaker's predecessor's finding is the
 * best answer left, when there is one.
 */
async function handoffPhase(context: RunContext): Promise<RunPhase> {
  const { state, deps } = context;
  const speaker = state.speaker!;
  const targets = handoffTargets(state, deps.prompts.specialists.map((s) => s.id), deps.settings.maxHandoffs);
  const finding = await runSpecialist(context, specialistById(context, speaker), { round: "initial", peers: handedOverFindings(state), handoffTargets: targets });
  if (finding.status === "ok" && finding.handoff) {
    const { to, reason } = finding.handoff;
    state.handoffs = [...(state.handoffs ?? []), { from: speaker, to, reason, finding }];
    context.emit({ type: "phase_completed", phase: "handoff", detail: `${speaker} handed the question to ${to}: ${reason}` });
    if (to === ROUTER_TARGET) return "route";
    state.speaker = to;
    state.decision = handoffDecision(state.decision!, state.decision, to);
    return "handoff";
  }
  state.findings.push(finding);
  if (finding.status === "ok") return "moderate";
  const previous = state.handoffs?.at(-1)?.finding;
  if (previous?.status === "ok") {
    state.findings.push({ ...previous, handoff: undefined });
    return "moderate";
  }
  return fail(context, `No specialist could answer: ${speaker} (${finding.error})`);
}

/**
 * Starts Knowledge together with the Router (it is the most common pick and the fallback), under a
 * provisional decision; its finding is used if the Router selects it and cancelled otherwise.
 */
function startSpeculativeKnowledge(context: RunContext): void {
  const abort = new AbortController();
  context.state.decision = { ...fallbackDecision("speculative start while the Router decides"), fallback: false };
  const finding = runSpecialist(context, specialistById(context, FALLBACK_SPECIALIST), { round: "initial", signal: abort.signal });
  context.state.decision = undefined;
  context.speculative = { abort, finding };
}

/** Merges findings; a Moderator failure reruns the whole flow once, then fails clearly. */
async function moderatePhase(context: RunContext): Promise<RunPhase> {
  const { state } = context;
  const second = state.quality.retried;
  const outcome = await moderate(context, second && state.answer ? { qscore: state.answer.qscore, critique: state.answer.critique } : undefined);
  if (outcome.kind === "ok") {
    state.answer = outcome.value;
    if (state.quality.initialScore === null) state.quality.initialScore = outcome.value.qscore;
    else state.quality.finalScore = outcome.value.qscore;
    return "gate";
  }
  if (second && state.answer) {
    // The re-asked answer failed, but the first one stands: keep it rather than lose the run.
    state.quality.finalScore = state.answer.qscore;
    context.emit({ type: "phase_completed", phase: "moderate", detail: `second moderation ${outcome.kind}; keeping the first answer` });
    return "gate";
  }
  if (state.attempts === 1 && context.remainingMs() > 0) {
    context.emit({ type: "phase_completed", phase: "moderate", detail: `moderator ${outcome.kind}: running the whole flow again` });
    state.attempts = 2;
    state.decision = undefined;
    state.rerouted = undefined;
    state.turnsTaken = undefined;
    state.speaker = undefined;
    state.handoffs = undefined;
    state.findings = [];
    state.answer = undefined;
    state.quality = { initialScore: null, finalScore: null, retried: false };
    return "route";
  }
  return fail(context, `The Moderator could not produce an answer (${outcome.kind}: ${outcome.cause})`);
}

function fail(context: RunContext, message: string): RunPhase {
  context.state.status = "failed";
  context.state.failure = { message, correlationId: context.state.runId };
  return "done";
}

function specialistById(context: RunContext, id: string): SpecialistDefinition {
  const specialist = context.deps.prompts.specialists.find((s) => s.id === id);
  if (!specialist) throw new Error(`Specialist '${id}' is not registered`);
  return specialist;
}

/** Replaces each specialist's finding with its newer one (other findings stay). */
function replaceFindings(state: RunState, newer: Finding[]): void {
  state.findings = state.findings.map((finding) => newer.find((n) => n.specialist === finding.specialist) ?? finding);
}

/** The run loop: one phase at a time, each transition checked against the graph, checkpointed. */
async function drive(context: RunContext): Promise<RunState> {
  const { state } = context;
  context.checkpoint();
  try {
    while (state.phase !== "done") {
      const from = state.phase;
      const to = await handlers[from](context);
      assertTransition(from, to, AGENT_GRAPHS[state.mode ?? "selective"]);
      state.phase = to;
      context.checkpoint();
    }
  } catch (error) {
    // A bug, not a model outcome: the run still ends in a state the user is told about.
    fail(context, `Internal error: ${describeError(error)}`);
    state.phase = "done";
  }
  if (state.status === "running") fail(context, "The run ended without a result");
  state.endedAt = context.deps.clock.now().toISOString();
  context.emit({
    type: "run_completed",
    durationMs: Date.parse(state.endedAt) - Date.parse(state.startedAt),
    detail: state.status,
  });
  try {
    await context.persistFinal();
  } catch (error) {
    context.emit({ type: "checkpoint_failed", phase: "done", detail: describeError(error) });
  }
  return state;
}
