import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { describeZodError } from "../../domain/errors";

const text = z
  .unknown()
  .optional()
  .transform((value) => (value === undefined || value === null ? "" : typeof value === "string" ? value : JSON.stringify(value)));

/**
 * One step of an agent run as the AI Judge reads it (the `history_logs/*.json` format). `phase` is ours: the executor phase of a converted
 * transcript step, used by the deterministic decomposition.
 */
const JudgeStepSchema = z.object({
  step: z.number().int().positive(),
  thinking: text,
  memory: text,
  action: text,
  next_goal: text,
  evaluation_previous_goal: text,
  phase: z.string().optional(),
});
export type JudgeStep = z.infer<typeof JudgeStepSchema>;

/** A run's steps: at least one, step ids strictly increasing. */
const JudgeStepsSchema = z
  .array(JudgeStepSchema)
  .min(1)
  .refine(
    (steps) => steps.every((step, index) => index === 0 || step.step > steps[index - 1].step),
    "step ids must be strictly increasing",
  );

export interface JudgeRun {
  id: string;
  steps: JudgeStep[];
}

/** A step list, or an object with `steps`; sorted by name. */
export function readHistoryLogs(dir: string): JudgeRun[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => {
      const json: unknown = JSON.parse(readFileSync(path.join(dir, name), "utf8"));
      const list = Array.isArray(json) ? json : (json as { steps?: unknown }).steps;
      const parsed = JudgeStepsSchema.safeParse(list);
      if (!parsed.success) throw new Error(`${name}: not a history log: ${describeZodError(parsed.error)}`);
      return { id: path.basename(name, ".json"), steps: parsed.data };
    });
}

/** Longest text kept per field in a one-line step encoding. */
const FIELD_LIMIT = 160;
/** Memory holds the figures a step saw (tool results), which step-level criteria check, so it keeps more. */
const MEMORY_LIMIT = 400;

function clip(text: string, limit = FIELD_LIMIT): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat || "-";
}

/**
 * "Step N: [thinking] -> [action] -> [outcome]"; a step's outcome is what the next one says of it. `withMemory` appends what the agent
 * knew, so a per-step check (an invented figure) can be made against what the step actually saw.
 */
export function encodeSteps(steps: JudgeStep[], options: { withMemory?: boolean } = {}): string[] {
  return steps.map((step, index) => {
    const outcome = steps[index + 1]?.evaluation_previous_goal ?? `final: ${step.next_goal}`;
    const memory = options.withMemory && step.memory.trim() ? ` | memory: [${clip(step.memory, MEMORY_LIMIT)}]` : "";
    return `Step ${step.step}: [${clip(step.thinking)}] -> [${clip(step.action)}] -> [${clip(outcome)}]${memory}`;
  });
}
