import type { OrchestrationMode, RunPhase } from "../domain";

/** One declared transition of the agent graph, with the condition that takes it. */
export interface GraphEdge {
  from: RunPhase;
  to: RunPhase;
  when: string;
}

/** A graph: where runs start and end, and every transition allowed. */
export interface AgentGraph {
  start: RunPhase;
  end: RunPhase;
  edges: GraphEdge[];
}

/** From the Moderator on, every mode ends the same way: quality gate, one re-ask, approval check. */
const CLOSING_EDGES: GraphEdge[] = [
  { from: "moderate", to: "gate", when: "moderator answered" },
  { from: "moderate", to: "route", when: "moderator failed on the first attempt: run the whole flow again" },
  { from: "moderate", to: "done", when: "moderator failed again, or the run budget is spent" },
  { from: "gate", to: "reinvestigate", when: "qscore below threshold and not yet re-asked" },
  { from: "gate", to: "decide", when: "qscore at or above threshold, or already re-asked" },
  { from: "reinvestigate", to: "moderate", when: "top-priority specialists answered the critique" },
  { from: "decide", to: "done", when: "completed, or paused for approval" },
];

/** Every mode first makes a follow-up a standalone question (or asks back when nothing resolves it). */
const UNDERSTAND_EDGES: GraphEdge[] = [
  { from: "understand", to: "route", when: "the message stands alone, or was rewritten with the conversation's memory" },
  { from: "understand", to: "done", when: "an ambiguous follow-up that nothing remembered resolves: ask back" },
];

/** Every mode declines a question that is not about procurement before anyone else works on it. */
const OUT_OF_SCOPE_EDGE: GraphEdge = { from: "route", to: "done", when: "the question is not about procurement: a polite out-of-scope reply, no specialist runs" };

/**
 * The selective agent graph as data: the run loop may only take transitions declared here, and the
 * graph is checked before any run (every node reachable, every node can reach `done`).
 */
export const AGENT_GRAPH: AgentGraph = {
  start: "understand",
  end: "done",
  edges: [
    ...UNDERSTAND_EDGES,
    { from: "route", to: "investigate", when: "router decided, or fell back to Knowledge" },
    OUT_OF_SCOPE_EDGE,
    { from: "investigate", to: "debate", when: "debateMode is debate and two or more findings succeeded" },
    { from: "investigate", to: "moderate", when: "at least one finding succeeded" },
    { from: "investigate", to: "route", when: "every selected specialist failed: ask the Router once more without them" },
    { from: "investigate", to: "done", when: "no specialist could answer, even after re-routing and Knowledge alone" },
    { from: "debate", to: "moderate", when: "rebuttal round finished" },
    ...CLOSING_EDGES,
  ],
};

/**
 * The group chat: the Router still reads the question (evidence need, approval signal, who leads),
 * then every participant speaks in a fixed round-robin order, each seeing the transcript so far,
 * for the configured rounds; the Moderator closes.
 */
export const GROUP_CHAT_GRAPH: AgentGraph = {
  start: "understand",
  end: "done",
  edges: [
    ...UNDERSTAND_EDGES,
    { from: "route", to: "converse", when: "router decided, or fell back; every participant will speak" },
    OUT_OF_SCOPE_EDGE,
    { from: "converse", to: "moderate", when: "the rounds are over and someone answered" },
    { from: "converse", to: "done", when: "every participant passed or failed" },
    ...CLOSING_EDGES,
  ],
};

/**
 * Handoff: the Router hands the question to one specialist; each specialist answers, or hands it to
 * another specialist (or back to the Router) with a reason, within a bound and never straight back
 * to whoever handed it over; the final speaker's answer goes to the Moderator.
 */
export const HANDOFF_GRAPH: AgentGraph = {
  start: "understand",
  end: "done",
  edges: [
    ...UNDERSTAND_EDGES,
    { from: "route", to: "handoff", when: "the Router chose who takes the question first (or next)" },
    OUT_OF_SCOPE_EDGE,
    { from: "handoff", to: "handoff", when: "the speaker handed the question to another specialist" },
    { from: "handoff", to: "route", when: "the speaker handed the question back to the Router" },
    { from: "handoff", to: "moderate", when: "the speaker answered" },
    { from: "handoff", to: "done", when: "the speaker failed and no one else can take the question" },
    ...CLOSING_EDGES,
  ],
};

/** The graph of each orchestration mode. */
export const AGENT_GRAPHS: Record<OrchestrationMode, AgentGraph> = { selective: AGENT_GRAPH, handoff: HANDOFF_GRAPH, "group-chat": GROUP_CHAT_GRAPH };

/** Throws if the graph has an unreachable node or a node from which `done` cannot be reached. */
export function validateGraph(graph: AgentGraph = AGENT_GRAPH): void {
  const nodes = new Set<RunPhase>(graph.edges.flatMap((edge) => [edge.from, edge.to]));
  const reach = (from: RunPhase, next: (node: RunPhase) => RunPhase[]) => {
    const seen = new Set<RunPhase>([from]);
    const queue = [from];
    while (queue.length > 0)
      for (const node of next(queue.shift()!))
        if (!seen.has(node)) {
          seen.add(node);
          queue.push(node);
        }
    return seen;
  };
  const forward = reach(graph.start, (node) => graph.edges.filter((e) => e.from === node).map((e) => e.to));
  const backward = reach(graph.end, (node) => graph.edges.filter((e) => e.to === node).map((e) => e.from));
  for (const node of nodes) {
    if (!forward.has(node)) throw new Error(`Agent graph: '${node}' is unreachable from '${graph.start}'`);
    if (!backward.has(node)) throw new Error(`Agent graph: '${node}' cannot reach '${graph.end}'`);
  }
}

/** Throws when the run loop attempts a transition the graph does not declare (a bug, not a model issue). */
export function assertTransition(from: RunPhase, to: RunPhase, graph: AgentGraph = AGENT_GRAPH): void {
  if (!graph.edges.some((edge) => edge.from === from && edge.to === to))
    throw new Error(`Agent graph: undeclared transition ${from} → ${to}`);
}
