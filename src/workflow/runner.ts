import {
  detectLanguage,
  describeError,
  initialModeState,
  RUN_SCHEMA_VERSION,
  type Approval,
  type OrchestrationMode,
  type RouterDecision,
  type RunState,
  type WorkflowSettings,
} from "../domain";
import type { WorkflowDeps } from "./deps";
import { buildGraph, nextPhase, type AgentGraph } from "./graph";
import { GROUP_CHAT_NODES } from "./modes/group-chat";
import { HANDOFF_NODES } from "./modes/handoff";
import { SELECTIVE_NODES } from "./modes/selective";
import { SHARED_NODES, type ModeNodes } from "./modes/shared";
import { RunContext } from "./run-context";
import { routeQuestion } from "./steps/router-step";

/** A question to run, its fields named as the run state names them; `mode` absent: the configured one; `startedAt`: now. */
export type RunRequest = Pick<RunState, "question"> &
  Partial<Pick<RunState, "requester" | "runId" | "conversationKey" | "startedAt">> & { mode?: OrchestrationMode };

/** Always resolves with a terminal run state. */
export async function runQuestion(deps: WorkflowDeps, request: RunRequest): Promise<RunState> {
  return drive(new RunContext(deps, newRunState(deps, request)));
}

/** Only the Router's decision (nothing stored): what scope and routing evaluations measure, through a real run's step. */
export async function routeOnly(deps: WorkflowDeps, question: string): Promise<RouterDecision> {
  return routeQuestion(new RunContext(deps, newRunState(deps, { question })));
}

export function newRunState(
  deps: Pick<WorkflowDeps, "clock" | "newRunId"> & {
    model: Pick<WorkflowDeps["model"], "kind">;
    settings: Pick<WorkflowSettings, "orchestration">;
  },
  request: RunRequest,
): RunState {
  const now = deps.clock.now().toISOString();
  return {
    schemaVersion: RUN_SCHEMA_VERSION,
    runId: request.runId ?? deps.newRunId(),
    question: request.question,
    ...(request.conversationKey ? { conversationKey: request.conversationKey } : {}),
    language: detectLanguage(request.question),
    requester: request.requester,
    modeState: initialModeState(request.mode ?? deps.settings.orchestration),
    status: "running",
    phase: "understand",
    attempts: 1,
    startedAt: request.startedAt ?? now,
    updatedAt: now,
    offline: deps.model.kind === "offline",
    findings: [],
    quality: { initialScore: null, finalScore: null, retried: false },
    usage: { inputTokens: 0, outputTokens: 0 },
    events: [],
  };
}

/**
 * Continues a run from its last checkpoint (left in flight by a stopped process, or stopped at its approval node, resumed with
 * `decided` as that node's input). The budget starts again but `startedAt` stays, so the recorded latency is what the user waited.
 */
export async function resumeRun(deps: WorkflowDeps, saved: RunState, decided?: Approval): Promise<RunState> {
  const waiting = saved.status === "awaiting_approval" && saved.phase === "approve";
  if (saved.status !== "running" && !(waiting && decided)) return saved;
  return drive(new RunContext(deps, { ...structuredClone(saved), status: "running" }, deps.clock.now().getTime(), decided));
}

const MODE_NODES: Record<OrchestrationMode, ModeNodes> = {
  selective: SELECTIVE_NODES,
  handoff: HANDOFF_NODES,
  "group-chat": GROUP_CHAT_NODES,
};

/** The graph of `mode`: its own nodes between the shared opening and closing, built and checked (a malformed graph throws). */
export function agentGraph(mode: OrchestrationMode): AgentGraph {
  return buildGraph({ mode, start: "understand", end: "done", nodes: { ...SHARED_NODES, ...MODE_NODES[mode] } });
}

/** The run loop; the graph is built (and checked) here, so a malformed one fails the run clearly instead of failing on import. */
async function drive(context: RunContext): Promise<RunState> {
  const { state, deps } = context;
  context.checkpoint();
  try {
    const graph = agentGraph(state.modeState.mode);
    while (state.phase !== graph.end) {
      const node = graph.nodes[state.phase];
      if (node === undefined) throw new Error(`Agent graph (${graph.mode}): '${state.phase}' has no step`);
      await node.step(context);
      // The approval node stopped the run: it stays at that node, checkpointed, until a decision resumes it.
      if (state.status === "awaiting_approval") break;
      if (state.blocked) {
        // The content filter refused the question: nothing more runs, whatever the graph says next.
        state.status = "blocked";
        state.phase = graph.end;
        break;
      }
      state.phase = nextPhase(graph, state.phase, state, deps.settings);
      context.checkpoint();
    }
  } catch (error) {
    // A bug, not a model outcome: the run still ends in a state the user is told about.
    context.fail(`Internal error: ${describeError(error)}`);
    state.phase = "done";
  }
  if (state.status === "running") context.fail("The run ended without a result");
  state.endedAt = context.deps.clock.now().toISOString();
  context.emit({
    type: "run_completed",
    durationMs: Date.parse(state.endedAt) - Date.parse(state.startedAt),
    detail: state.status,
  });
  try {
    await context.persistFinal();
  } catch (error) {
    context.emit({ type: "checkpoint_failed", phase: "done", detail: describeError(error) });
  }
  return state;
}
