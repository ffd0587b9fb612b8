import { createHash } from "node:crypto";
import type { WorkflowEvent } from "../domain";
import type { ApprovalDecidedProps, SpanRecord } from "./records";

function timesOf(event: { at: string; durationMs?: number }): { startTime: Date; endTime: Date } {
  const endTime = new Date(event.at);
  return { startTime: new Date(endTime.getTime() - (event.durationMs ?? 0)), endTime };
}

const okOutcome = (outcome: string | undefined) => outcome === undefined || outcome === "ok";

/** A span of the event's run, under the run span. */
function underRun(event: WorkflowEvent, name: string, ok: boolean): Omit<SpanRecord, "attributes"> {
  const trace = runTrace(event.runId);
  return { name, ...timesOf(event), ok, traceId: trace.traceId, parentSpanId: trace.spanId };
}

/** The span a workflow event closes: the run's, an executor's, a tool call's or the quality gate's; none for the others. */
export function workflowSpan(event: WorkflowEvent, providerName: string): SpanRecord | undefined {
  switch (event.type) {
    case "executor_completed":
      return executorSpan(event, providerName);
    case "tool_completed":
      return toolSpan(event);
    case "phase_completed":
      return event.phase === "gate" ? gateSpan(event) : undefined;
    case "run_completed":
      return runSpan(event);
    default:
      return undefined;
  }
}

export function runSpan(event: WorkflowEvent): SpanRecord {
  const trace = runTrace(event.runId);
  return {
    name: "invoke_agent procura",
    ...timesOf(event),
    ok: event.detail !== "failed",
    traceId: trace.traceId,
    spanId: trace.spanId,
    attributes: { "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "procura", runId: event.runId, status: event.detail },
  };
}

export function executorSpan(event: WorkflowEvent, providerName: string): SpanRecord | undefined {
  if (!event.executor) return undefined;
  const ok = okOutcome(event.outcome);
  return {
    ...underRun(event, `invoke_agent ${event.executor}`, ok),
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
      "error.type": ok ? undefined : event.outcome,
      runId: event.runId,
      attempt: event.attempt,
      round: event.round,
    },
  };
}

export function toolSpan(event: WorkflowEvent): SpanRecord | undefined {
  if (!event.tool) return undefined;
  const ok = okOutcome(event.outcome);
  const span = underRun(event, `execute_tool ${event.tool}`, ok);
  return {
    ...span,
    parentSpanId: event.parentStepId ?? span.parentSpanId,
    attributes: {
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": event.tool,
      "gen_ai.agent.name": event.executor,
      "error.type": ok ? undefined : event.outcome,
      runId: event.runId,
    },
  };
}

export function gateSpan(event: WorkflowEvent): SpanRecord {
  return { ...underRun(event, "quality_gate", true), attributes: { runId: event.runId, phase: event.phase } };
}

export function approvalSpan(props: ApprovalDecidedProps, decidedAt: Date): SpanRecord {
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

export interface RunTrace {
  /** 32 hex digits: the App Insights operation id of the run. */
  traceId: string;
  /** 16 hex digits: the run span, parent of the run's executor, gate and approval spans. */
  spanId: string;
}

/**
 * Derives a run's trace from its id alone, so whichever process works on the run — the one that started it, one that resumed it after a
 * restart, the approvals flow days later — puts its spans into the same tree without any state held in memory.
 */
export function runTrace(runId: string): RunTrace {
  const digest = createHash("sha256").update(`procura-run:${runId}`).digest("hex");
  return { traceId: digest.slice(0, 32), spanId: digest.slice(32, 48) };
}
