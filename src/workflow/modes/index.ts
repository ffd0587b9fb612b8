import type { OrchestrationMode } from "../../domain";
import { buildGraph, type AgentGraph } from "../graph";
import { GROUP_CHAT_NODES } from "./group-chat";
import { HANDOFF_NODES } from "./handoff";
import { SELECTIVE_NODES } from "./selective";
import { SHARED_NODES, type ModeNodes } from "./shared";

const MODE_NODES: Record<OrchestrationMode, ModeNodes> = {
  selective: SELECTIVE_NODES,
  handoff: HANDOFF_NODES,
  "group-chat": GROUP_CHAT_NODES,
};

/** The graph of `mode`: its own nodes between the shared opening and closing, built and checked (a malformed graph throws). */
export function agentGraph(mode: OrchestrationMode): AgentGraph {
  return buildGraph({ mode, start: "understand", end: "done", nodes: { ...SHARED_NODES, ...MODE_NODES[mode] } });
}
