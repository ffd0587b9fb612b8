import type { OrchestrationMode, RouterDecision, RunPhase } from "../../domain";
import { buildGraph, node, running, type AgentGraph, type GraphExit, type GraphNode, type PhaseStep } from "../graph";
import type { RunContext } from "../run-context";
import { understandMessage } from "../steps/understand-step";
import { CLOSING_NODES } from "./closing";

/** Every mode first makes a follow-up a standalone question (or asks back when nothing resolves it). */
const OPENING_NODES: { understand: GraphNode } = {
  understand: node(
    understandMessage,
    [
      { to: "route", when: "the message stands alone, or was rewritten with the conversation's memory" },
      { to: "done", when: "an ambiguous follow-up that nothing remembered resolves: ask back" },
    ],
    (state) => (running(state) ? "route" : "done"),
  ),
};

/** What a mode declares of its graph: its Router node (see `routeNode`) and its own nodes after it. */
export type ModeNodes = { route: GraphNode } & Partial<
  Record<Exclude<RunPhase, "understand" | "done" | keyof typeof CLOSING_NODES>, GraphNode>
>;

/**
 * A mode's graph, built and checked: its own nodes between the opening every mode shares (understand
 * the message) and the closing (Moderator, quality gate, one re-ask, approval check, approval).
 * Throws when the assembled graph is malformed.
 */
export function buildModeGraph(mode: OrchestrationMode, nodes: ModeNodes): AgentGraph {
  return buildGraph({ mode, start: "understand", end: "done", nodes: { ...OPENING_NODES, ...nodes, ...CLOSING_NODES } });
}

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
  context.speculative?.cancel();
  context.state.decision = decision;
  context.state.status = "out_of_scope";
}
