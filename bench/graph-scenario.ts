/**
 * Scenario (a): runs one after another through the graph — the real OpenAI-compatible adapter over
 * HTTP to the simulator, the real tools, and a memory or Cosmos run store — measuring each run's
 * wall time against its model critical path from the simulator's log. Straight into the graph, or
 * through the run queue on Azurite and a worker, as production runs them.
 */
import { buildWorkflowDeps } from "../src/composition/workflow-deps";
import { loadConfig } from "../src/config";
import { openCosmosStore, MemoryRunStore } from "../src/storage";
import type { ProcurementData } from "../src/tools/procurement-data";
import type { RunStore } from "../src/workflow/ports";
import { runQuestion } from "../src/workflow/runner";
import { modelCriticalPathMs } from "./critical-path";
import { startQueuedRuns } from "./queued-runs";
import type { BenchEnvironment, EnvironmentSnapshot } from "./environment";

/** Where checkpoints go. */
export type StoreKind = "memory" | "cosmos";

/** How a run is started: straight into the graph, or through the run queue and a worker. */
export type RunPath = "direct" | "queue";

/** One measured run. */
export interface GraphRun {
  question: string;
  status: string;
  selected: string[];
  wallMs: number;
  modelCriticalPathMs: number;
  /** Wall time not spent on the model critical path: our overhead (scale-independent). */
  overheadMs: number;
  storeOps: number;
  modelCalls: number;
  tokens: { input: number; output: number };
  /** Speculative specialist calls the Router did not confirm (cancelled): prompt + output tokens. */
  wastedSpeculativeTokens: number;
}

/** Options of the scenario. */
export interface GraphScenarioOptions {
  questions: readonly string[];
  store: StoreKind;
  path: RunPath;
  speculativeSpecialists: boolean;
  /**
   * The tools' data, in memory for both stores, so the Cosmos variant measures checkpoint cost alone
   * (tools over the embedded Cosmos server are measured by the bot scenario).
   */
  memoryData: ProcurementData;
}

/** Runs each question once, sequentially, and measures it. */
export async function runGraphScenario(env: BenchEnvironment, options: GraphScenarioOptions): Promise<GraphRun[]> {
  const config = loadConfig({
    NODE_ENV: "test",
    LLM_PROVIDER: "openai-compatible",
    OPENAI_BASE_URL: env.modelBaseUrl,
    SPECULATIVE_SPECIALISTS: String(options.speculativeSpecialists),
    COSMOS_ENDPOINT: env.cosmosEndpoint,
    COSMOS_KEY: env.cosmosKey,
  });
  const cosmos = options.store === "cosmos" ? await openCosmosStore(config, { log: () => {} }) : undefined;
  try {
    const memoryOps = { count: 0 };
    const store: RunStore = cosmos?.runs ?? countingStore(new MemoryRunStore(), memoryOps);
    const deps = await buildWorkflowDeps(config, { data: options.memoryData, store, events: { emit: () => {} } });
    const queued = options.path === "queue" ? await startQueuedRuns(env.queueConnectionString, deps) : undefined;
    const runs: GraphRun[] = [];
    for (const question of options.questions) {
      await env.reset();
      memoryOps.count = 0;
      const started = performance.now();
      const state = queued ? await queued.run(question) : await runQuestion(deps, { question });
      const wallMs = performance.now() - started;
      const snapshot = await env.snapshot();
      const criticalPath = modelCriticalPathMs(snapshot.calls);
      const selected = state.decision?.selected ?? [];
      runs.push({
        question,
        status: state.status,
        selected,
        wallMs,
        modelCriticalPathMs: criticalPath,
        overheadMs: wallMs - criticalPath,
        storeOps: cosmos ? snapshot.storeOps : memoryOps.count,
        modelCalls: snapshot.calls.length,
        tokens: { input: state.usage.inputTokens, output: state.usage.outputTokens },
        wastedSpeculativeTokens: cancelledTokens(snapshot),
      });
    }
    await queued?.stop();
    return runs;
  } finally {
    await cosmos?.close();
  }
}

function cancelledTokens(snapshot: EnvironmentSnapshot): number {
  return snapshot.calls.filter((call) => call.aborted).reduce((sum, call) => sum + call.inputTokens + call.outputTokens, 0);
}

/** A RunStore that counts its operations (the memory store has no wire to count on). */
function countingStore(inner: RunStore, ops: { count: number }): RunStore {
  return {
    checkpoint: (state) => (ops.count++, inner.checkpoint(state)),
    load: (runId) => (ops.count++, inner.load(runId)),
    read: (runId) => (ops.count++, inner.read(runId)),
    write: (state, etag) => (ops.count++, inner.write(state, etag)),
  };
}
