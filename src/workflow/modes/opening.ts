import type { RouterDecision } from "../../domain";
import { node, running, type GraphExit, type GraphNode, type PhaseStep } from "../graph";
import type { RunContext } from "../run-context";
import { understandMessage } from "../steps/understand-step";

/** Every mode first makes a follow-up a standalone question (or asks back when nothing resolves it). */
export const OPENING_NODES: { understand: GraphNode } = {
  understand: node(
    understandMessage,
    [
      { to: "route", when: "the message stands alone, or was rewritten with the conversation's memory" },
      { to: "done", when: "an ambiguous follow-up that nothing remembered resolves: ask back" },
    ],
    (state) => (running(state) ? "route" : "done"),
  ),
};

/**
 * A mode's Router node: after `route` (the mode's own Router step) the run goes on to `first`, or
 * ends when the question is not about procurement (a polite out-of-scope reply, no specialist runs).
 */
export function routeNode(route: PhaseStep, first: GraphExit): GraphNode {
  return node(
    route,
    [first, { to: "done", when: "the question is not about procurement: a polite out-of-scope reply, no specialist runs" }],
    (state) => (running(state) ? first.to : "done"),
  );
}

/** Ends a run whose question is not about procurement: no specialist works on it, the reply says so politely. */
export function declineOutOfScope(context: RunContext, decision: RouterDecision): void {
  context.speculative?.abort.abort();
  context.state.decision = decision;
  context.state.status = "out_of_scope";
}
