import type { OrchestrationMode } from "../../domain";
import type { AgentGraph } from "../graph";
import { GROUP_CHAT_NODES } from "./group-chat";
import { HANDOFF_NODES } from "./handoff";
import { buildModeGraph, type ModeNodes } from "./mode-graph";
import { SELECTIVE_NODES } from "./selective";

/** Each orchestration mode's own nodes. */
const MODE_NODES: Record<OrchestrationMode, ModeNodes> = {
  selective: SELECTIVE_NODES,
  handoff: HANDOFF_NODES,
  "group-chat": GROUP_CHAT_NODES,
};

/** The graph of `mode`, built and checked (a malformed graph throws): the runner follows it. */
export function agentGraph(mode: OrchestrationMode): AgentGraph {
  return buildModeGraph(mode, MODE_NODES[mode]);
}
