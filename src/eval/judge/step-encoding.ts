import type { JudgeStep } from "./judge-step";

/** Longest text kept per field in a one-line step encoding. */
const FIELD_LIMIT = 160;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > FIELD_LIMIT ? `${flat.slice(0, FIELD_LIMIT - 1)}…` : flat || "-";
}

/**
 * Encodes each step as one line, "Step N: [thinking] -> [action] -> [outcome]" (seed 003, STEP_LEVEL).
 * The outcome of a step is what the next step says about it (`evaluation_previous_goal`); the last
 * step's outcome is its own `next_goal`.
 */
export function encodeSteps(steps: JudgeStep[]): string[] {
  return steps.map((step, index) => {
    const outcome = steps[index + 1]?.evaluation_previous_goal ?? `final: ${step.next_goal}`;
    return `Step ${step.step}: [${clip(step.thinking)}] -> [${clip(step.action)}] -> [${clip(outcome)}]`;
  });
}
