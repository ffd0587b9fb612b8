import type { OrchestrationMode, RunPhase } from "../../domain";
import type { AgentGraph, GraphEdge, PhaseStep } from "../graph";
import { CLOSING_EDGES, CLOSING_STEPS } from "./closing";
import { OPENING_STEPS, OUT_OF_SCOPE_EDGE, UNDERSTAND_EDGES } from "./opening";

/**
 * A mode's graph: its own Router step, nodes and edges between the opening every mode shares
 * (understand the message, decline a question out of scope) and the closing (Moderator, quality
 * gate, one re-ask, approval check). Adding a mode is declaring these middle parts.
 */
export function modeGraph(
  mode: OrchestrationMode,
  route: PhaseStep,
  steps: Partial<Record<RunPhase, PhaseStep>>,
  edges: GraphEdge[],
): AgentGraph {
  return {
    mode,
    start: "understand",
    end: "done",
    steps: { ...OPENING_STEPS, route, ...steps, ...CLOSING_STEPS },
    edges: [...UNDERSTAND_EDGES, OUT_OF_SCOPE_EDGE, ...edges, ...CLOSING_EDGES],
  };
}
