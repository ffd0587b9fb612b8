/**
 * The primary model endpoint goes down and comes back: the same questions run through the real
 * adapter over two latency simulators (primary, secondary) with both up, with the primary refusing
 * connections, and after it is back. Reports what the user saw, the p95 run latency of each phase
 * and where the model calls went.
 */
import type { RunState } from "../../src/domain";
import type { EndpointEvent } from "../../src/llm/endpoint-pool";
import { createOpenAiCompatibleChatModel } from "../../src/llm/openai-chat-model";
import { runQuestion } from "../../src/workflow/runner";
import { MODEL_FAILOVER } from "../../src/resilience";
import { LatencyModelServer } from "../../test/fakes/latency-model-server";
import { sampleData, workflowHarness } from "../../test/fakes/workflow-harness";
import { OfflineReplies } from "../sim/offline-replies";
import { percentile } from "../stats";

/** One phase of the scenario. */
export interface FailoverPhase {
  phase: "both up" | "primary down" | "primary back";
  states: RunState[];
  p95Ms: number;
  /** Model calls each simulator answered in this phase. */
  primaryCalls: number;
  secondaryCalls: number;
}

/** The scenario's result. */
export interface FailoverResult {
  scenario: string;
  injected: string;
  userSaw: string;
  phases: FailoverPhase[];
  events: EndpointEvent[];
  /** p95 while the primary is down minus p95 with both up. */
  p95PenaltyMs: number;
  ok: boolean;
}

/** How the primary fails: it stops listening (a region down), or answers every call HTTP 503. */
export type PrimaryOutage = "refused" | "503";

/** Runs the scenario with `questions` per phase; `timeScale` shrinks the simulated model latency. */
export async function primaryModelOutage(questions: readonly string[], outage: PrimaryOutage, timeScale = 0.1): Promise<FailoverResult> {
  const replies = await OfflineReplies.create(sampleData);
  const primary = new LatencyModelServer({ replies, timeScale });
  const secondary = new LatencyModelServer({ replies, timeScale });
  const { baseUrl: primaryUrl, port: primaryPort } = await primary.start();
  const { baseUrl: secondaryUrl } = await secondary.start();
  const events: EndpointEvent[] = [];
  // The breaker's times shrink with the model latency: against calls of real length its window holds
  // a few questions and its open time lets one probe through per several, and so must the scaled scenario's.
  const openMs = MODEL_FAILOVER.circuit.openMs * timeScale;
  const windowMs = MODEL_FAILOVER.circuit.windowMs * timeScale;
  const model = createOpenAiCompatibleChatModel({
    baseUrl: [primaryUrl, secondaryUrl],
    retry: { maxRetries: 3, initialMs: 20, multiplier: 2, maxMs: 2_500 },
    circuit: { ...MODEL_FAILOVER.circuit, minimumRequests: 3, windowMs, openMs },
    onEndpointEvent: (event) => events.push(event),
  });
  const { deps } = workflowHarness(model);
  const phase = async (name: FailoverPhase["phase"]): Promise<FailoverPhase> => {
    primary.reset();
    secondary.reset();
    const states: RunState[] = [];
    for (const question of questions) states.push(await runQuestion(deps, { question }));
    const latencies = states.map((s) => Date.parse(s.endedAt!) - Date.parse(s.startedAt));
    return {
      phase: name,
      states,
      p95Ms: Math.round(percentile(latencies, 95)),
      primaryCalls: primary.calls.length,
      secondaryCalls: secondary.calls.length,
    };
  };
  try {
    const phases = [await phase("both up")];
    if (outage === "refused") await primary.stop();
    else primary.fault = () => ({ kind: "status", status: 503 });
    phases.push(await phase("primary down"));
    if (outage === "refused") await primary.start(primaryPort);
    else primary.fault = () => undefined;
    await new Promise((resolve) => setTimeout(resolve, openMs));
    phases.push(await phase("primary back"));
    const [up, down, back] = phases as [FailoverPhase, FailoverPhase, FailoverPhase];
    const answered = (p: FailoverPhase) => p.states.filter((s) => s.status === "answered" || s.status === "awaiting_approval").length;
    // Traffic returned: after the probe, the primary answers nearly everything again.
    // While it is down the open breaker keeps calls away from the primary (a 503 primary sees the
    // opening faults and one probe per open period); once back, traffic returns to it.
    const ok =
      phases.every((p) => answered(p) === questions.length) &&
      down.primaryCalls < down.secondaryCalls &&
      back.primaryCalls > back.secondaryCalls;
    return {
      scenario: `primary model endpoint down (${outage === "refused" ? "refusing" : "HTTP 503"}), then back`,
      injected: `the primary model endpoint ${outage === "refused" ? "refuses connections" : "answers every call 503"} for ${questions.length} questions, then serves again`,
      userSaw: phases
        .map(
          (p) =>
            `${p.phase}: ${answered(p)}/${questions.length} answered, p95 ${p.p95Ms} ms, calls primary ${p.primaryCalls} / secondary ${p.secondaryCalls}`,
        )
        .join("; "),
      phases,
      events,
      p95PenaltyMs: down.p95Ms - up.p95Ms,
      ok,
    };
  } finally {
    await primary.stop();
    await secondary.stop();
  }
}
