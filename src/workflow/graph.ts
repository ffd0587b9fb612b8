import type { OrchestrationMode, RunPhase, RunState, WorkflowSettings } from "../domain";
import type { RunContext } from "./run-context";

/**
 * The work of one node: it calls the agents and records what happened in the run state; it does
 * not choose where the run goes next — the node's outgoing edges do, by reading that state.
 */
export type PhaseStep = (context: RunContext) => Promise<void>;

/** What an edge's condition may look at: the run as its node's step left it, and the settings. */
export type EdgeCondition = (state: RunState, settings: WorkflowSettings) => boolean;

/** One declared transition of an agent graph, with the condition that takes it. */
export interface GraphEdge {
  from: RunPhase;
  to: RunPhase;
  /** The condition in words, for readers, traces and errors. */
  when: string;
  /** Exactly one edge out of a node holds once its step has run. */
  holds: EdgeCondition;
}

/** One orchestration mode's graph: where runs start and end, the step of every node, every transition allowed. */
export interface AgentGraph {
  mode: OrchestrationMode;
  start: RunPhase;
  end: RunPhase;
  steps: Partial<Record<RunPhase, PhaseStep>>;
  edges: GraphEdge[];
}

/** Conditions shared by many edges. */
export const always: EdgeCondition = () => true;
export const running = (state: RunState): boolean => state.status === "running";
/** The step ended the run (failed, declined, asked back): the only way on is to the end. */
export const ended = (state: RunState): boolean => state.status !== "running";

/**
 * Where the run goes after `from`'s step: the one edge whose condition holds. None or several is a
 * bug in the graph's declaration, not a model outcome, and throws.
 */
export function nextPhase(graph: AgentGraph, from: RunPhase, state: RunState, settings: WorkflowSettings): RunPhase {
  const taken = graph.edges.filter((edge) => edge.from === from && edge.holds(state, settings));
  const [edge, ...others] = taken;
  if (edge === undefined) throw new Error(`Agent graph (${graph.mode}): no edge out of '${from}' holds (status ${state.status})`);
  if (others.length > 0)
    throw new Error(
      `Agent graph (${graph.mode}): several edges out of '${from}' hold: ${taken.map((e) => `→ ${e.to} (${e.when})`).join("; ")}`,
    );
  return edge.to;
}

/**
 * Throws if the graph has an unreachable node, a node from which the end cannot be reached, or a
 * node other than the end without a step.
 */
export function validateGraph(graph: AgentGraph): void {
  const nodes = new Set<RunPhase>(graph.edges.flatMap((edge) => [edge.from, edge.to]));
  const reach = (from: RunPhase, next: (node: RunPhase) => RunPhase[]) => {
    const seen = new Set<RunPhase>([from]);
    const queue = [from];
    for (let node = queue.shift(); node !== undefined; node = queue.shift())
      for (const after of next(node))
        if (!seen.has(after)) {
          seen.add(after);
          queue.push(after);
        }
    return seen;
  };
  const forward = reach(graph.start, (node) => graph.edges.filter((e) => e.from === node).map((e) => e.to));
  const backward = reach(graph.end, (node) => graph.edges.filter((e) => e.to === node).map((e) => e.from));
  for (const node of nodes) {
    if (!forward.has(node)) throw new Error(`Agent graph: '${node}' is unreachable from '${graph.start}'`);
    if (!backward.has(node)) throw new Error(`Agent graph: '${node}' cannot reach '${graph.end}'`);
    if (node !== graph.end && graph.steps[node] === undefined) throw new Error(`Agent graph: '${node}' has no step`);
  }
}
