import { FALLBACK_SPECIALIST, modeStateOf, type ModeStateOf, type RouterDecision, type RunState } from "../../domain";
import type { WorkflowDeps } from "../deps";
import { node, running } from "../graph";
import type { RunContext } from "../run-context";
import { routeQuestion } from "../steps/router-step";
import { runSpecialist } from "../steps/specialist-step";
import { routeInScope, routeNode, type ModeNodes } from "./shared";

type HandoffState = ModeStateOf<"handoff">;

/** The Router, as a handoff target. */
const ROUTER_TARGET = "router";

/**
 * Whom `speaker` may hand the question to: any other specialist except the one who just handed
 * it over (no ping-pong), and the Router unless it just chose this speaker or everyone has already
 * had the question. Empty once the bound is reached: the speaker must answer.
 */
function handoffTargets({ handoffs }: HandoffState, speaker: string, { prompts, settings }: WorkflowDeps): string[] {
  if (handoffs.length >= settings.maxHandoffs) return [];
  const last = handoffs.at(-1);
  const consulted = new Set([...handoffs.map((h) => h.from), speaker]);
  const specialistIds = prompts.specialists.map((s) => s.id);
  const others = specialistIds.filter((id) => id !== speaker && id !== last?.from);
  const routerAllowed = last?.to !== ROUTER_TARGET && specialistIds.some((id) => !consulted.has(id));
  return routerAllowed ? [...others, ROUTER_TARGET] : others;
}

/** The specialists that handed the question on, as the Router is told about them when it chooses again. */
function consultedSpecialists({ handoffs }: HandoffState): { specialist: string; error: string }[] {
  const seen = new Map<string, string>();
  for (const h of handoffs) seen.set(h.from, `already consulted: handed the question to ${h.to} (${h.reason})`);
  return [...seen].map(([specialist, error]) => ({ specialist, error }));
}

/**
 * The decision a handoff run acts on: the Router's reading of the question (evidence need, approval
 * signal) with the speakers so far as `selected` (the progress card's list), the latest first (the
 * one the quality gate re-asks).
 */
function handoffDecision(decision: RouterDecision, earlier: RouterDecision | undefined, speaker: string): RouterDecision {
  return { ...decision, selected: [speaker, ...(earlier?.selected ?? []).filter((id) => id !== speaker)] };
}

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
  const finding = await runSpecialist(context, context.specialist(speaker), {
    round: "initial",
    // The findings of the hand-overs so far.
    peers: handoff.handoffs.flatMap((h) => (h.finding.status === "ok" ? [h.finding] : [])),
    handoffTargets: handoffTargets(handoff, speaker, deps),
  });
  if (finding.status === "ok" && finding.handoff) {
    const { to, reason } = finding.handoff;
    handoff.handoffs.push({ from: speaker, to, reason, finding });
    context.note(`${speaker} handed the question to ${to}: ${reason}`);
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

function afterTurn(state: RunState): "done" | "moderate" | "route" | "handoff" {
  if (!running(state)) return "done";
  if (state.findings.some((f) => f.status === "ok")) return "moderate";
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
