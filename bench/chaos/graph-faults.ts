/**
 * Fault scenarios through the agent graph: the real adapter over HTTP to the latency simulator, the
 * real tools, and faults injected per call. Each returns the final state, the simulator's log and a
 * line for the chaos table; the resilience tests assert on the same results.
 */
import type { RunState } from "../../src/domain";
import { loadConfig } from "../../src/config";
import { openCosmosStore } from "../../src/storage";
import { startEmbeddedCosmos } from "../../src/storage/embedded-server";
import { runQuestion } from "../../src/workflow/runner";
import { LatencyModelServer, type Fault, type SimulatedCall } from "../../test/fakes/latency-model-server";
import { createOpenAiCompatibleChatModel } from "../../src/llm/openai-chat-model";
import { sampleData, workflowHarness } from "../../test/fakes/workflow-harness";
import { OfflineReplies } from "../sim/offline-replies";
import { TcpProxy } from "./tcp-proxy";
import { whatTheUserSaw } from "./user-view";

/** The result of one scenario. */
export interface ChaosResult {
  scenario: string;
  injected: string;
  userSaw: string;
  states: RunState[];
  calls: SimulatedCall[];
  /** Status of each run as read back from the store afterwards (when the scenario uses one). */
  storedStatuses?: (string | undefined)[];
  /** Workflow event types seen, counted. */
  events: Record<string, number>;
}

/** A simulator for fault scenarios; `timeScale` shrinks model latency (faults are not scaled away). */
export async function startFaultSimulator(timeScale = 0.05): Promise<{ sim: LatencyModelServer; baseUrl: string }> {
  const sim = new LatencyModelServer({ replies: await OfflineReplies.create(sampleData), timeScale });
  const { baseUrl } = await sim.start();
  return { sim, baseUrl };
}

/** Runs `work` with a fault simulator at `timeScale`, stopped afterwards whatever happens. */
export async function withFaultSimulator<T>(timeScale: number, work: (sim: LatencyModelServer, baseUrl: string) => Promise<T>): Promise<T> {
  const { sim, baseUrl } = await startFaultSimulator(timeScale);
  try {
    return await work(sim, baseUrl);
  } finally {
    await sim.stop();
  }
}

/** Fast back-off, but a cap high enough to honour a Retry-After of a second or two. */
const faultModel = (baseUrl: string) =>
  createOpenAiCompatibleChatModel({ baseUrl, retry: { maxRetries: 3, initialMs: 20, multiplier: 2, maxMs: 2_500 } });

const SPECIALIST_CALLERS = new Set(["router", "moderator"]);

interface Scenario {
  scenario: string;
  injected: string;
  questions: string[];
  env?: Record<string, string>;
  fault: () => (call: SimulatedCall) => Fault | undefined;
}

/** The graph-level scenarios (the store outage is `storeOutage`, below). */
export const GRAPH_FAULTS: Scenario[] = [
  {
    scenario: "rate limiting",
    injected: "30 % of model calls answered 429 with Retry-After: 1",
    questions: ["Can we renew the Acme SaaS contract at +8%?", "How much did we spend on cloud services in FY2025?"],
    // Three calls in every ten, by arrival order, whatever agent makes them.
    fault: () => (call) => ([1, 4, 7].includes(call.seq % 10) ? { kind: "status", status: 429, retryAfterSeconds: 1 } : undefined),
  },
  {
    scenario: "model timeout",
    injected: "the Router's model call never answers (ROUTER_TIMEOUT_MS=600)",
    questions: ["Can I accept a gift from a supplier?"],
    env: { ROUTER_TIMEOUT_MS: "600" },
    fault: () => (call) => (call.agentId === "router" ? { kind: "hang" } : undefined),
  },
  {
    scenario: "specialist 500",
    injected: "the first specialist to be called answers HTTP 500 on every attempt",
    questions: ["Can we renew the Acme SaaS contract at +8%?"],
    fault: () => {
      let victim: string | undefined;
      return (call) => {
        if (SPECIALIST_CALLERS.has(call.agentId)) return undefined;
        victim ??= call.agentId;
        return call.agentId === victim ? { kind: "status", status: 500 } : undefined;
      };
    },
  },
  {
    scenario: "invalid Moderator output",
    injected: "every Moderator reply is not JSON",
    questions: ["What is the notice period to terminate the facilities maintenance contract?"],
    fault: () => (call) =>
      call.agentId === "moderator" ? { kind: "content", content: "Here is my answer: the notice period is 90 days {" } : undefined,
  },
];

/** Runs one graph scenario against the simulator. */
export async function runGraphFault(sim: LatencyModelServer, baseUrl: string, scenario: Scenario): Promise<ChaosResult> {
  sim.reset();
  sim.fault = scenario.fault();
  try {
    const { deps, events } = workflowHarness(faultModel(baseUrl), scenario.env);
    const states: RunState[] = [];
    for (const question of scenario.questions) states.push(await runQuestion(deps, { question }));
    return {
      scenario: scenario.scenario,
      injected: scenario.injected,
      userSaw: states.map(whatTheUserSaw).join(" | "),
      states,
      calls: [...sim.calls],
      events: countTypes(events),
    };
  } finally {
    sim.fault = () => undefined;
  }
}

/**
 * The store unreachable for `outageMs` in the middle of a run: checkpoints go to an embedded Cosmos
 * behind a TCP proxy that cuts every connection when the first specialist call arrives.
 */
export async function storeOutage(sim: LatencyModelServer, baseUrl: string, outageMs = 10_000): Promise<ChaosResult> {
  const cosmos = await startEmbeddedCosmos();
  const proxy = new TcpProxy({ host: "127.0.0.1", port: Number(new URL(cosmos.endpoint).port) });
  const port = await proxy.start();
  const config = loadConfig({ NODE_ENV: "test", COSMOS_ENDPOINT: `http://127.0.0.1:${port}`, COSMOS_KEY: cosmos.key });
  const store = await openCosmosStore(config, { log: () => {} });
  sim.reset();
  let cut = false;
  sim.fault = (call) => {
    if (!cut && !SPECIALIST_CALLERS.has(call.agentId)) {
      cut = true;
      proxy.outage(outageMs);
    }
    return undefined;
  };
  try {
    const { deps, events } = workflowHarness(faultModel(baseUrl));
    const state = await runQuestion({ ...deps, store: store.runs }, { question: "What is the risk rating of our logistics vendor?" });
    const stored = await store.runs.load(state.runId);
    return {
      scenario: "store outage",
      injected: `the store unreachable for ${outageMs / 1000} s from the first specialist call`,
      userSaw: whatTheUserSaw(state),
      states: [state],
      calls: [...sim.calls],
      storedStatuses: [stored?.status],
      events: countTypes(events),
    };
  } finally {
    sim.fault = () => undefined;
    await store.close();
    await proxy.stop();
    await cosmos.stop();
  }
}

function countTypes(events: { type: string }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const event of events) counts[event.type] = (counts[event.type] ?? 0) + 1;
  return counts;
}
