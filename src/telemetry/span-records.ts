import { createHash } from "node:crypto";
import type { WorkflowEvent } from "../domain";
import type { EventProps, SpanRecord } from "./records";

function timesOf(event: { at: string; durationMs?: number }): { startTime: Date; endTime: Date } {
  const endTime = new Date(event.at);
  return { startTime: new Date(endTime.getTime() - (event.durationMs ?? 0)), endTime };
}

/**
 * The span a workflow event closes: the run's (the root of its trace), an executor's or the quality gate's (under the run span), a tool
 * call's (under its executor); none for the others.
 */
export function workflowSpan(event: WorkflowEvent, providerName: string): SpanRecord | undefined {
  const trace = runTrace(event.runId);
  const ok = event.outcome === undefined || event.outcome === "ok";
  const errorType = ok ? undefined : event.outcome;
  const underRun = (name: string) => ({ name, ...timesOf(event), ok, traceId: trace.traceId, parentSpanId: trace.spanId });
  if (event.type === "run_completed")
    return {
      name: "invoke_agent procura",
      ...timesOf(event),
      ok: event.detail !== "failed",
      traceId: trace.traceId,
      spanId: trace.spanId,
      attributes: { "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "procura", runId: event.runId, status: event.detail },
    };
  if (event.type === "executor_completed" && event.executor)
    return {
      ...underRun(`invoke_agent ${event.executor}`),
      spanId: event.stepId,
      attributes: {
        "gen_ai.operation.name": "invoke_agent",
        "gen_ai.provider.name": providerName,
        "gen_ai.agent.name": event.executor,
        "gen_ai.request.model": event.model,
        "gen_ai.usage.input_tokens": event.inputTokens,
        "gen_ai.usage.output_tokens": event.outputTokens,
        "gen_ai.usage.cache_read.input_tokens": event.cachedInputTokens,
        "gen_ai.usage.reasoning.output_tokens": event.reasoningTokens,
        "error.type": errorType,
        runId: event.runId,
        attempt: event.attempt,
        round: event.round,
      },
    };
  if (event.type === "tool_completed" && event.tool)
    return {
      ...underRun(`execute_tool ${event.tool}`),
      parentSpanId: event.parentStepId ?? trace.spanId,
      attributes: {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": event.tool,
        "gen_ai.agent.name": event.executor,
        "error.type": errorType,
        runId: event.runId,
      },
    };
  if (event.type === "phase_completed" && event.phase === "gate")
    return { ...underRun("quality_gate"), ok: true, attributes: { runId: event.runId, phase: event.phase } };
  return undefined;
}

export function approvalSpan(props: EventProps["ApprovalDecided"], decidedAt: Date): SpanRecord {
  const trace = runTrace(props.runId);
  return {
    name: "approval",
    startTime: new Date(decidedAt.getTime() - props.waitMs),
    endTime: decidedAt,
    ok: props.decision !== "expired",
    traceId: trace.traceId,
    parentSpanId: trace.spanId,
    attributes: { runId: props.runId, approvalId: props.approvalId, decision: props.decision, waitMs: props.waitMs },
  };
}

/**
 * Derives a run's trace from its id alone, so whichever process works on the run — the one that started it, one that resumed it after a
 * restart, the approvals flow days later — puts its spans into the same tree without any state held in memory.
 */
export function runTrace(runId: string) {
  const digest = createHash("sha256").update(`procura-run:${runId}`).digest("hex");
  // The App Insights operation id of the run (32 hex digits), and the run span (16), parent of its executor, gate and approval spans.
  return { traceId: digest.slice(0, 32), spanId: digest.slice(32, 48) };
}
