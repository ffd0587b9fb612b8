import { FALLBACK_SPECIALIST, modeStateOf, specialistFailures, type Finding, type RunState } from "../../domain";
import { node, running } from "../graph";
import type { RunContext } from "../run-context";
import { startSpecialist, startSpeculativeSpecialists, type WorkingSpecialist } from "../speculative-specialists";
import { routeQuestion } from "../steps/router-step";
import { runSpecialist } from "../steps/specialist-step";
import { replaceFindings, routeInScope, routeNode, type ModeNodes } from "./shared";

/** After every picked specialist failed, the Router picks again without them; the guessed ones start with the Router. */
async function routePhase(context: RunContext): Promise<void> {
  const { state } = context;
  const { rerouted } = modeStateOf(state, "selective");
  if (rerouted) {
    const excludedFailures = specialistFailures(state.findings).filter((f) => rerouted.excluded.includes(f.specialist));
    state.decision = await routeQuestion(context, excludedFailures);
    return;
  }
  void context.upFrontEvidence(); // the tools run while the Router decides
  context.speculative = await startSpeculativeSpecialists(context);
  const decision = await routeInScope(context);
  if (!decision) return;
  state.decision = decision;
  context.speculative?.confirm(decision.selected);
}

/** If every selected specialist failed, the Router is asked once more without them (their failures stay, for the Moderator); then Knowledge alone. */
async function investigatePhase(context: RunContext): Promise<void> {
  const { state, deps } = context;
  if (!state.decision) throw new Error("investigating needs the Router's decision");
  const pending = state.decision.selected.filter((id) => !state.findings.some((f) => f.specialist === id));
  const speculative = context.speculative;
  context.speculative = undefined;
  const working = pending.map((id) => speculative?.take(id) ?? startSpecialist(context, id));
  await findingsByDeadline(context, working);
  if (okFindings(state) > 0) return;
  const excluded = specialistFailures(state.findings).map((f) => f.specialist);
  // Re-routing happens once per attempt, while time is left and some specialist has not failed yet.
  const selective = modeStateOf(state, "selective");
  if (!selective.rerouted && context.remainingMs() > 0 && deps.prompts.specialists.some((s) => !excluded.includes(s.id))) {
    context.note(`every selected specialist failed (${excluded.join(", ")}); asking the Router again without them`);
    selective.rerouted = { excluded };
    return;
  }
  context.note("every selected specialist failed; trying Knowledge alone");
  const fallback = await runSpecialist(context, context.specialist(FALLBACK_SPECIALIST), { round: "initial" });
  state.findings = [...state.findings.filter((f) => f.specialist !== FALLBACK_SPECIALIST), fallback];
  if (fallback.status !== "ok")
    context.fail(
      `No specialist could answer: ${state.findings.map((f) => `${f.specialist} (${f.status === "failed" ? f.error : "ok"})`).join("; ")}`,
    );
}

/**
 * Once one specialist has answered, the others have MODERATOR_WAIT_MS more, so a slow one no longer holds the answer back;
 * one still working then is stopped and noted as a failed finding, so the Moderator is told of the gap.
 */
async function findingsByDeadline(context: RunContext, working: readonly WorkingSpecialist[]): Promise<void> {
  const waitMs = context.deps.settings.timeouts.moderatorWaitMs;
  const onFinding = (finding: Finding) => {
    context.state.findings.push(finding);
    context.checkpoint();
  };
  const pending = new Set(working);
  let timer: NodeJS.Timeout | undefined;
  let startDeadline: () => void = () => undefined;
  const deadline = new Promise<void>((resolve) => (startDeadline = () => (timer ??= setTimeout(resolve, waitMs))));
  const all = Promise.all(
    working.map(async (specialist) => {
      const finding = await specialist.finding;
      if (!pending.delete(specialist)) return;
      onFinding(finding);
      if (finding.status === "ok") startDeadline();
    }),
  );
  await Promise.race([all, deadline]);
  clearTimeout(timer);
  const late = [...pending];
  pending.clear();
  if (late.length === 0) return;
  for (const specialist of late) {
    specialist.abort.abort();
    onFinding({
      specialist: specialist.id,
      status: "failed",
      error: `late: no finding ${seconds(waitMs)} after the first specialist answered; the answer was written without it`,
      toolCalls: [],
    });
  }
  context.note(
    `the Moderator started without ${late.map((s) => s.id).join(", ")}: still working ${seconds(waitMs)} after the first finding`,
  );
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/** One rebuttal round. */
async function debatePhase(context: RunContext): Promise<void> {
  const { state } = context;
  const ok = state.findings.filter((f) => f.status === "ok");
  const revised = await Promise.all(
    ok.map((finding) =>
      runSpecialist(context, context.specialist(finding.specialist), {
        round: "debate",
        previous: finding,
        peers: ok.filter((peer) => peer !== finding),
      }),
    ),
  );
  replaceFindings(state, revised);
}

function okFindings(state: RunState): number {
  return state.findings.filter((f) => f.status === "ok").length;
}

function afterInvestigation(state: RunState): "done" | "route" | "debate" | "moderate" {
  if (!running(state)) return "done";
  if (okFindings(state) === 0) return "route";
  return state.decision?.debateMode === "debate" && okFindings(state) >= 2 ? "debate" : "moderate";
}

/** The default mode: the Router picks one to three specialists, who work in parallel. */
export const SELECTIVE_NODES: ModeNodes = {
  route: routeNode(routePhase, { to: "investigate", when: "the Router decided, or fell back to Knowledge" }),
  investigate: node(
    investigatePhase,
    [
      { to: "debate", when: "debateMode is debate and two or more findings succeeded" },
      { to: "moderate", when: "at least one finding succeeded (and no debate is due)" },
      { to: "route", when: "every selected specialist failed: ask the Router once more without them" },
      { to: "done", when: "no specialist could answer, even after re-routing and Knowledge alone" },
    ],
    afterInvestigation,
  ),
  debate: node(debatePhase, [{ to: "moderate", when: "the rebuttal round finished" }], () => "moderate"),
};
