import { FALLBACK_SPECIALIST, detectLanguage, describeError, type Finding, type Requester, type RouterDecision, type RunPhase, type RunState, type SpecialistDefinition } from "../domain";
import type { WorkflowDeps } from "./deps";
import { assertTransition, validateGraph } from "./graph";
import { RunContext } from "./run-context";
import { hitlReasons } from "./steps/approval-check";
import { moderate } from "./steps/moderator-step";
import { needsRequery, requeryTargets } from "./steps/quality-gate";
import { fallbackDecision, routeQuestion } from "./steps/router-step";
import { runSpecialist } from "./steps/specialist-step";

validateGraph();

/** A question to answer, and who asked it (ids only). */
export interface RunRequest {
  question: string;
  requester?: Requester;
  runId?: string;
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

function newRunState(deps: WorkflowDeps, request: RunRequest): RunState {
  const now = deps.clock.now().toISOString();
  return {
    schemaVersion: 1,
    runId: request.runId ?? deps.newRunId(),
    question: request.question,
    language: detectLanguage(request.question),
    requester: request.requester,
    status: "running",
    phase: "route",
    attempts: 1,
    startedAt: now,
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
  route: async (context) => {
    if (context.deps.settings.speculativeKnowledge) startSpeculativeKnowledge(context);
    context.state.decision = await routeQuestion(context);
    if (!context.state.decision.inScope) {
      context.speculative?.abort.abort();
      context.state.status = "out_of_scope";
      return "done";
    }
    if (!context.state.decision.selected.includes(FALLBACK_SPECIALIST)) context.speculative?.abort.abort();
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
    state.hitlReasons = hitlReasons(state.question, state.language, state.decision!, state.answer!, state.findings, {
      amountThresholdJpy: deps.settings.hitlAmountThreshold,
      categories: deps.settings.hitlCategories,
      jpyRates: deps.settings.jpyRates,
    });
    state.status = state.hitlReasons.length > 0 ? "awaiting_approval" : "completed";
    return "done";
  },
};

/** Runs the selected specialists that have no finding yet, all at once; Knowledge alone if all fail. */
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
  context.emit({ type: "phase_completed", phase: "investigate", detail: "every selected specialist failed; trying Knowledge alone" });
  const fallback = await runSpecialist(context, specialistById(context, FALLBACK_SPECIALIST), { round: "initial" });
  state.findings = [...state.findings.filter((f) => f.specialist !== FALLBACK_SPECIALIST), fallback];
  if (fallback.status === "ok") return "moderate";
  return fail(context, `No specialist could answer: ${state.findings.map((f) => `${f.specialist} (${f.status === "failed" ? f.error : "ok"})`).join("; ")}`);
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
      assertTransition(from, to);
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
