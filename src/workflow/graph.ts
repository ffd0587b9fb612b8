import type { RunPhase } from "../domain";

/** One declared transition of the agent graph, with the condition that takes it. */
export interface GraphEdge {
  from: RunPhase;
  to: RunPhase;
  when: string;
}

/**
 * The agent graph as data (SPEC §2): the run loop may only take transitions declared here, and the
 * graph is checked before any run (every node reachable, every node can reach `done`).
 */
export const AGENT_GRAPH: { start: RunPhase; end: RunPhase; edges: GraphEdge[] } = {
  start: "route",
  end: "done",
  edges: [
    { from: "route", to: "investigate", when: "router decided, or fell back to Knowledge" },
    { from: "route", to: "done", when: "the question is not about procurement: a polite out-of-scope reply, no specialist runs" },
    { from: "investigate", to: "debate", when: "debateMode is debate and two or more findings succeeded" },
    { from: "investigate", to: "moderate", when: "at least one finding succeeded" },
    { from: "investigate", to: "done", when: "no specialist could answer, even Knowledge alone" },
    { from: "debate", to: "moderate", when: "rebuttal round finished" },
    { from: "moderate", to: "gate", when: "moderator answered" },
    { from: "moderate", to: "route", when: "moderator failed on the first attempt: run the whole flow again" },
    { from: "moderate", to: "done", when: "moderator failed again, or the run budget is spent" },
    { from: "gate", to: "reinvestigate", when: "qscore below threshold and not yet re-asked" },
    { from: "gate", to: "decide", when: "qscore at or above threshold, or already re-asked" },
    { from: "reinvestigate", to: "moderate", when: "top-priority specialists answered the critique" },
    { from: "decide", to: "done", when: "completed, or paused for approval" },
  ],
};

/** Throws if the graph has an unreachable node or a node from which `done` cannot be reached. */
export function validateGraph(graph = AGENT_GRAPH): void {
  const nodes = new Set<RunPhase>(graph.edges.flatMap((edge) => [edge.from, edge.to]));
  const reach = (from: RunPhase, next: (node: RunPhase) => RunPhase[]) => {
    const seen = new Set<RunPhase>([from]);
    const queue = [from];
    while (queue.length > 0) for (const node of next(queue.shift()!)) if (!seen.has(node)) seen.add(node), queue.push(node);
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
export function assertTransition(from: RunPhase, to: RunPhase, graph = AGENT_GRAPH): void {
  if (!graph.edges.some((edge) => edge.from === from && edge.to === to))
    throw new Error(`Agent graph: undeclared transition ${from} → ${to}`);
}
