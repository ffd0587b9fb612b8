import type { OrchestrationMode } from "../../domain";
import { validateGraph, type AgentGraph } from "../graph";
import { GROUP_CHAT_GRAPH } from "./group-chat";
import { HANDOFF_GRAPH } from "./handoff";
import { SELECTIVE_GRAPH } from "./selective";

/** The graph of each orchestration mode: the runner follows the run's. */
export const AGENT_GRAPHS: Record<OrchestrationMode, AgentGraph> = {
  selective: SELECTIVE_GRAPH,
  handoff: HANDOFF_GRAPH,
  "group-chat": GROUP_CHAT_GRAPH,
};

// A graph that cannot finish is a bug to find at start-up, not in a user's run.
for (const graph of Object.values(AGENT_GRAPHS)) validateGraph(graph);

export { GROUP_CHAT_GRAPH, HANDOFF_GRAPH, SELECTIVE_GRAPH };
