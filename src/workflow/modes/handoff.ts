import { FALLBACK_SPECIALIST, type RunState } from "../../domain";
import { ended, running, type AgentGraph, type GraphEdge } from "../graph";
import type { RunContext } from "../run-context";
import { ROUTER_TARGET, consultedSpecialists, handedOverFindings, handoffDecision, handoffTargets } from "../steps/handoff";
import { routeQuestion } from "../steps/router-step";
import { runSpecialist } from "../steps/specialist-step";
import { modeGraph } from "./mode-graph";
import { declineOutOfScope } from "./opening";

/** The Router chooses who takes the question first, or next when a speaker handed it back (told who was consulted). */
async function routePhase(context: RunContext): Promise<void> {
  const { state } = context;
  const firstRouting = state.decision === undefined;
  context.upFrontEvidence(); // the tools run while the Router decides
  const decision = await routeQuestion(context, consultedSpecialists(state));
  if (firstRouting && !decision.inScope) {
    declineOutOfScope(context, decision);
    return;
  }
  // A validated decision always has a priority; Knowledge is the fallback of every routing.
  const speaker = decision.priority[0] ?? FALLBACK_SPECIALIST;
  state.speaker = speaker;
  state.decision = handoffDecision(decision, state.decision, speaker);
}

/**
 * One handoff turn: the speaker answers (to the Moderator), or hands the question to another
 * specialist or back to the Router with a reason. A failed speaker's predecessor's finding is the
 * best answer left, when there is one.
 */
async function handoffPhase(context: RunContext): Promise<void> {
  const { state, deps } = context;
  const { speaker, decision } = state;
  if (speaker === undefined || decision === undefined) throw new Error("a handoff turn needs a speaker and the Router's decision");
  const targets = handoffTargets(
    state,
    speaker,
    deps.prompts.specialists.map((s) => s.id),
    deps.settings.maxHandoffs,
  );
  const finding = await runSpecialist(context, context.specialist(speaker), {
    round: "initial",
    peers: handedOverFindings(state),
    handoffTargets: targets,
  });
  if (finding.status === "ok" && finding.handoff) {
    const { to, reason } = finding.handoff;
    state.handoffs = [...(state.handoffs ?? []), { from: speaker, to, reason, finding }];
    context.emit({ type: "phase_completed", phase: "handoff", detail: `${speaker} handed the question to ${to}: ${reason}` });
    if (to !== ROUTER_TARGET) {
      state.speaker = to;
      state.decision = handoffDecision(decision, decision, to);
    }
    return;
  }
  state.findings.push(finding);
  if (finding.status === "ok") return;
  const previous = state.handoffs?.at(-1)?.finding;
  if (previous?.status === "ok") state.findings.push({ ...previous, handoff: undefined });
  else context.fail(`No specialist could answer: ${speaker} (${finding.error})`);
}

/** The speaker answered (or a failed speaker's predecessor's answer stands). */
const answered = (state: RunState): boolean => running(state) && state.findings.some((f) => f.status === "ok");

/** Whom the speaker just handed the question to, when the turn ended in a hand-over. */
function handedTo(state: RunState): string | undefined {
  return running(state) && !answered(state) ? state.handoffs?.at(-1)?.to : undefined;
}

const HANDOFF_EDGES: GraphEdge[] = [
  { from: "route", to: "handoff", when: "the Router chose who takes the question first (or next)", holds: running },
  {
    from: "handoff",
    to: "handoff",
    when: "the speaker handed the question to another specialist",
    holds: (state) => handedTo(state) !== undefined && handedTo(state) !== ROUTER_TARGET,
  },
  {
    from: "handoff",
    to: "route",
    when: "the speaker handed the question back to the Router",
    holds: (state) => handedTo(state) === ROUTER_TARGET,
  },
  { from: "handoff", to: "moderate", when: "the speaker answered", holds: answered },
  { from: "handoff", to: "done", when: "the speaker failed and no one else can take the question", holds: ended },
];

/**
 * Handoff: the Router hands the question to one specialist; each specialist answers, or hands it to
 * another specialist (or back to the Router) with a reason, within a bound and never straight back
 * to whoever handed it over; the final speaker's answer goes to the Moderator.
 */
export const HANDOFF_GRAPH: AgentGraph = modeGraph("handoff", routePhase, { handoff: handoffPhase }, HANDOFF_EDGES);
