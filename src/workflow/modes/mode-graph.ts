import type { OrchestrationMode, RunPhase } from "../../domain";
import { buildGraph, type AgentGraph, type GraphNode } from "../graph";
import { CLOSING_NODES } from "./closing";
import { OPENING_NODES } from "./opening";

/** What a mode declares of its graph: its Router node (see `routeNode`) and its own nodes after it. */
export type ModeNodes = { route: GraphNode } & Partial<
  Record<Exclude<RunPhase, "understand" | "done" | keyof typeof CLOSING_NODES>, GraphNode>
>;

/**
 * A mode's graph, built and checked: its own nodes between the opening every mode shares
 * (understand the message) and the closing (Moderator, quality gate, one re-ask, approval check).
 * Throws when the assembled graph is malformed.
 */
export function buildModeGraph(mode: OrchestrationMode, nodes: ModeNodes): AgentGraph {
  return buildGraph({ mode, start: "understand", end: "done", nodes: { ...OPENING_NODES, ...nodes, ...CLOSING_NODES } });
}
