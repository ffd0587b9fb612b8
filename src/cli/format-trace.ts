import type { RunState } from "../domain";
import { runTrace } from "../telemetry/span-records";

/**
 * A run's trace as terminal text (`npm run ask -- --trace`): its App Insights operation id, then each executor in order with its timing
 * and, when executor I/O was kept, every message it sent and every reply it got.
 */
export function formatTrace(state: RunState): string {
  const lines = [`Trace ${runTrace(state.runId).traceId} (Application Insights operation id) — run ${state.runId}`];
  const completed = state.events.filter((event) => event.type === "executor_completed" && event.stepId);
  if (!state.executorIo?.length) lines.push("  (executor inputs and outputs were not kept: STORE_EXECUTOR_IO=false)");
  for (const io of state.executorIo ?? []) {
    const end = completed.find((event) => event.stepId === io.stepId);
    const timing = end
      ? `${end.outcome ?? "ok"} in ${end.durationMs} ms, ${end.inputTokens ?? 0} prompt tokens (${end.cachedInputTokens ?? 0} cached)`
      : "did not finish";
    lines.push("", `── ${io.executor}${io.round && io.round !== "initial" ? ` (${io.round})` : ""} · step ${io.stepId} · ${timing}`);
    for (const message of io.messages) {
      lines.push(`  [${message.role}${message.toolCallId ? ` ${message.toolCallId}` : ""}]`, indent(message.content));
      for (const call of message.toolCalls ?? []) lines.push(`  [tool call ${call.id}] ${call.name}`, indent(call.arguments));
    }
    io.outputs.forEach((output, index) => lines.push(`  [reply ${index + 1}]`, indent(output)));
  }
  return lines.join("\n");
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");
}
