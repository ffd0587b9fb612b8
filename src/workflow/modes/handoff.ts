import { FALLBACK_SPECIALIST, modeStateOf, type RunState } from "../../domain";
import { node, running } from "../graph";
import type { RunContext } from "../run-context";
import { ROUTER_TARGET, consultedSpecialists, handedOverFindings, handoffDecision, handoffTargets } from "../steps/handoff";
import { routeQuestion } from "../steps/router-step";
import { runSpecialist } from "../steps/specialist-step";
import { routeInScope, routeNode, type ModeNodes } from "./shared";

/** The Router chooses who takes the question first, or next when a speaker handed it back (told who was consulted). */
async function routePhase(context: RunContext): Promise<void> {
  const { state } = context;
  const handoff = modeStateOf(state, "handoff");
  const firstRouting = state.decision === undefined;
  void context.upFrontEvidence(); // the tools run while the Router decides
  // Only the first routing may decline: a question handed back was already found to be about procurement.
  const decision = firstRouting ? await routeInScope(context) : await routeQuestion(context, consultedSpecialists(handoff));
  if (!decision) return;
  // A validated decision selects at least one specialist; Knowledge is the fallback of every routing.
  const speaker = decision.selected[0] ?? FALLBACK_SPECIALIST;
  handoff.speaker = speaker;
  state.decision = handoffDecision(decision, state.decision, speaker);
}

/** The speaker answers or hands the question on with a reason; a failed speaker's predecessor's finding is the best answer left. */
async function handoffPhase(context: RunContext): Promise<void> {
  const { state, deps } = context;
  const handoff = modeStateOf(state, "handoff");
  const { speaker } = handoff;
  const { decision } = state;
  if (speaker === undefined || decision === undefined) throw new Error("a handoff turn needs a speaker and the Router's decision");
  const targets = handoffTargets(
    handoff,
    speaker,
    deps.prompts.specialists.map((s) => s.id),
    deps.settings.maxHandoffs,
  );
  const finding = await runSpecialist(context, context.specialist(speaker), {
    round: "initial",
    peers: handedOverFindings(handoff),
    handoffTargets: targets,
  });
  if (finding.status === "ok" && finding.handoff) {
    const { to, reason } = finding.handoff;
    handoff.handoffs.push({ from: speaker, to, reason, finding });
    context.emit({ type: "phase_completed", phase: "handoff", detail: `${speaker} handed the question to ${to}: ${reason}` });
    if (to !== ROUTER_TARGET) {
      handoff.speaker = to;
      state.decision = handoffDecision(decision, decision, to);
    }
    return;
  }
  state.findings.push(finding);
  if (finding.status === "ok") return;
  const previous = handoff.handoffs.at(-1)?.finding;
  if (previous?.status === "ok") state.findings.push({ ...previous, handoff: undefined });
  else context.fail(`No specialist could answer: ${speaker} (${finding.error})`);
}

const answered = (state: RunState): boolean => state.findings.some((f) => f.status === "ok");

function afterTurn(state: RunState): "done" | "moderate" | "route" | "handoff" {
  if (!running(state)) return "done";
  if (answered(state)) return "moderate";
  const handedTo = modeStateOf(state, "handoff").handoffs.at(-1)?.to;
  // The turn's step always ends in an answer, a hand-over or a failure; anything else is a bug in it.
  if (handedTo === undefined) throw new Error("a handoff turn ended with neither an answer, a hand-over nor a failure");
  return handedTo === ROUTER_TARGET ? "route" : "handoff";
}

/** Hand-overs are bounded and never straight back to whoever handed the question over. */
export const HANDOFF_NODES: ModeNodes = {
  route: routeNode(routePhase, { to: "handoff", when: "the Router chose who takes the question first (or next)" }),
  handoff: node(
    handoffPhase,
    [
      { to: "handoff", when: "the speaker handed the question to another specialist" },
      { to: "route", when: "the speaker handed the question back to the Router" },
      { to: "moderate", when: "the speaker answered" },
      { to: "done", when: "the speaker failed and no one else can take the question" },
    ],
    afterTurn,
  ),
};
