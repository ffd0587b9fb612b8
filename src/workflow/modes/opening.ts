import type { RouterDecision } from "../../domain";
import { ended, running, type GraphEdge, type PhaseStep } from "../graph";
import type { RunContext } from "../run-context";
import { understandMessage } from "../steps/understand-step";

/** Every mode first makes a follow-up a standalone question (or asks back when nothing resolves it). */
export const OPENING_STEPS: { understand: PhaseStep } = { understand: understandMessage };

export const UNDERSTAND_EDGES: GraphEdge[] = [
  { from: "understand", to: "route", when: "the message stands alone, or was rewritten with the conversation's memory", holds: running },
  { from: "understand", to: "done", when: "an ambiguous follow-up that nothing remembered resolves: ask back", holds: ended },
];

/** Every mode declines a question that is not about procurement before anyone else works on it. */
export const OUT_OF_SCOPE_EDGE: GraphEdge = {
  from: "route",
  to: "done",
  when: "the question is not about procurement: a polite out-of-scope reply, no specialist runs",
  holds: ended,
};

/** Ends a run whose question is not about procurement: no specialist works on it, the reply says so politely. */
export function declineOutOfScope(context: RunContext, decision: RouterDecision): void {
  context.speculative?.cancel();
  context.state.decision = decision;
  context.state.status = "out_of_scope";
}
