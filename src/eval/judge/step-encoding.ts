import type { JudgeStep } from "./judge-step";

/** Longest text kept per field in a one-line step encoding. */
const FIELD_LIMIT = 160;
/** Memory holds the figures a step saw (tool results), which step-level criteria check, so it keeps more. */
const MEMORY_LIMIT = 400;

function clip(text: string, limit = FIELD_LIMIT): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat || "-";
}

/**
 * Encodes each step as one line, "Step N: [thinking] -> [action] -> [outcome]" (the STEP_LEVEL layout).
 * The outcome of a step is what the next step says about it (`evaluation_previous_goal`); the last
 * step's outcome is its own `next_goal`. `withMemory` appends " | memory: [...]" to steps that have
 * one: what the agent knew at that step, so a per-step check (an invented figure, a wrong argument)
 * can be made against what the step actually saw.
 */
export function encodeSteps(steps: JudgeStep[], options: { withMemory?: boolean } = {}): string[] {
  return steps.map((step, index) => {
    const outcome = steps[index + 1]?.evaluation_previous_goal ?? `final: ${step.next_goal}`;
    const memory = options.withMemory && step.memory.trim() ? ` | memory: [${clip(step.memory, MEMORY_LIMIT)}]` : "";
    return `Step ${step.step}: [${clip(step.thinking)}] -> [${clip(step.action)}] -> [${clip(outcome)}]${memory}`;
  });
}
