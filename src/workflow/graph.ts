import { RunPhaseSchema, type OrchestrationMode, type RunPhase, type RunState, type WorkflowSettings } from "../domain";
import type { RunContext } from "./run-context";

/** The work of one node: it records what happened in the run state; the node's `choose` then reads it to pick the way on. */
export type PhaseStep = (context: RunContext) => Promise<void>;

/** One way out of a node: where it leads, and the condition in words (for readers, traces and errors). */
export interface GraphExit<To extends RunPhase = RunPhase> {
  to: To;
  when: string;
}

type ExitChoice<To extends RunPhase = RunPhase> = (state: RunState, settings: WorkflowSettings) => To;

/** One choice picks among every declared way out, so the alternatives are exclusive by construction. */
export interface GraphNode {
  step: PhaseStep;
  exits: readonly GraphExit[];
  choose: ExitChoice;
}

/** The end has no step. */
export interface AgentGraph {
  mode: OrchestrationMode;
  start: RunPhase;
  end: RunPhase;
  nodes: Partial<Record<RunPhase, GraphNode>>;
}

/** Declares a node; `choose` may only return one of `exits` (checked by the compiler, and again at run time). */
export function node<To extends RunPhase>(step: PhaseStep, exits: readonly GraphExit<To>[], choose: ExitChoice<NoInfer<To>>): GraphNode {
  return { step, exits, choose };
}

/** False once a step ended the run (failed, declined, asked back): the only way on is then to the end. */
export const running = (state: RunState): boolean => state.status === "running";

/** Every exit leads to a node or the end, none twice, every node is reachable and can reach the end; a malformed graph throws. */
export function buildGraph(graph: AgentGraph): AgentGraph {
  const { mode, start, end, nodes } = graph;
  const fail = (problem: string) => new Error(`Agent graph (${mode}): ${problem}`);
  const exitsOf = (phase: RunPhase) => nodes[phase]?.exits.map((exit) => exit.to) ?? [];
  const phases = RunPhaseSchema.options.filter((phase) => nodes[phase] !== undefined);
  if (nodes[start] === undefined) throw fail(`the start '${start}' has no step`);
  if (nodes[end] !== undefined) throw fail(`the end '${end}' must have no step`);
  for (const phase of phases) {
    const targets = exitsOf(phase);
    if (targets.length === 0) throw fail(`'${phase}' has no way out`);
    if (new Set(targets).size !== targets.length) throw fail(`'${phase}' declares the same exit twice`);
    for (const to of targets) if (to !== end && nodes[to] === undefined) throw fail(`'${phase}' may go to '${to}', which has no step`);
  }
  const forward = reach(start, exitsOf);
  const backward = reach(end, (phase) => phases.filter((before) => exitsOf(before).includes(phase)));
  for (const phase of phases) {
    if (!forward.has(phase)) throw fail(`'${phase}' is unreachable from '${start}'`);
    if (!backward.has(phase)) throw fail(`'${phase}' cannot reach '${end}'`);
  }
  return graph;
}

/** Breadth first: a set's iteration also visits what is added to it while it runs. */
function reach(from: RunPhase, next: (phase: RunPhase) => RunPhase[]): Set<RunPhase> {
  const seen = new Set<RunPhase>([from]);
  for (const phase of seen) for (const after of next(phase)) seen.add(after);
  return seen;
}

/** The exit `from`'s node chooses; a missing node or an undeclared exit is a bug in the graph, not a model outcome, and throws. */
export function nextPhase(graph: AgentGraph, from: RunPhase, state: RunState, settings: WorkflowSettings): RunPhase {
  const declaration = graph.nodes[from];
  if (declaration === undefined) throw new Error(`Agent graph (${graph.mode}): '${from}' has no step`);
  const to = declaration.choose(state, settings);
  if (!declaration.exits.some((exit) => exit.to === to))
    throw new Error(
      `Agent graph (${graph.mode}): '${from}' chose '${to}', not one of its exits (${declaration.exits.map((e) => e.to).join(", ")})`,
    );
  return to;
}
