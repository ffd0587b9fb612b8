import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { describeZodError } from "../../domain/errors";
import { callEvalModel, type EvalModel } from "../eval-model";
import type { Granularity } from "./criteria";

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

/** A contiguous group of steps with a 2–3 sentence summary (a "cluster"). */
interface Phase {
  /** "Phase A", "Phase B", … — the key used in step mappings. */
  label: string;
  title: string;
  steps: number[];
  summary: string;
}

export interface TaskDecomposition {
  phases: Phase[];
  source: "model" | "fallback";
  note?: string;
}

/** Steps per phase when a run without executor phases (an external log) falls back. */
export const FALLBACK_PHASE_SIZE = 5;

const ModelPhasesSchema = z.object({
  phases: z
    .array(z.object({ title: z.string().min(1), firstStep: z.number().int(), lastStep: z.number().int(), summary: z.string().min(1) }))
    .min(1),
});

/** "Phase A" … "Phase Z", "Phase AA", … */
export function phaseLabel(index: number): string {
  let label = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) label = String.fromCharCode(65 + ((n - 1) % 26)) + label;
  return `Phase ${label}`;
}

/** Phases must partition the step ids contiguously: in order, no gap, no overlap, nothing outside the run. */
export function partitionProblem(ranges: { firstStep: number; lastStep: number }[], stepIds: number[]): string | null {
  let next = 0;
  for (const [index, range] of ranges.entries()) {
    const start = stepIds.indexOf(range.firstStep);
    const end = stepIds.indexOf(range.lastStep);
    if (start === -1 || end === -1)
      return `phase ${index + 1} names a step that is not in the run (steps are ${stepIds[0]}..${stepIds.at(-1)})`;
    if (start !== next)
      return `phase ${index + 1} starts at step ${range.firstStep} but step ${stepIds[next] ?? "(none)"} is next: phases must be contiguous, in order, without gaps or overlaps`;
    if (end < start) return `phase ${index + 1} ends (step ${range.lastStep}) before it starts (step ${range.firstStep})`;
    next = end + 1;
  }
  return next === stepIds.length ? null : `steps ${stepIds[next]}..${stepIds.at(-1)} are in no phase`;
}

/**
 * Deterministic decomposition: contiguous steps with the same executor phase form one phase; a run without phases is cut into groups of
 * FALLBACK_PHASE_SIZE steps. A phase's summary is its actions.
 */
export function fallbackDecomposition(steps: JudgeStep[], note: string): TaskDecomposition {
  const groups: JudgeStep[][] = [];
  for (const [index, step] of steps.entries()) {
    const current = groups.at(-1);
    const samePhase =
      step.phase !== undefined
        ? current?.[0]?.phase === step.phase
        : current !== undefined && current[0].phase === undefined && current.length < FALLBACK_PHASE_SIZE;
    if (current && index > 0 && samePhase) current.push(step);
    else groups.push([step]);
  }
  const phases = groups.map((group, index) => ({
    label: phaseLabel(index),
    title: group[0].phase ?? `steps ${group[0].step}-${group[group.length - 1].step}`,
    steps: group.map((step) => step.step),
    summary: group.map((step) => step.action).join("; "),
  }));
  return { phases, source: "fallback", note };
}

/** Invalid twice → deterministic fallback. */
export async function decomposeTask(evalModel: EvalModel, steps: JudgeStep[]): Promise<TaskDecomposition> {
  const stepIds = steps.map((step) => step.step);
  const outcome = await callEvalModel(evalModel, {
    agentId: "judge.decomposer",
    model: evalModel.models[0],
    promptFile: "judge/decomposer.md",
    user: `Steps ${stepIds[0]}..${stepIds.at(-1)}:\n${encodeSteps(steps).join("\n")}`,
    output: { name: "task_decomposition", schema: ModelPhasesSchema },
    check: (value) => partitionProblem(value.phases, stepIds),
  });
  if (outcome.kind !== "ok") return fallbackDecomposition(steps, `model decomposition unusable (${outcome.kind}): ${outcome.cause}`);
  const phases = outcome.value.phases.map((phase, index) => ({
    label: phaseLabel(index),
    title: phase.title,
    steps: stepIds.slice(stepIds.indexOf(phase.firstStep), stepIds.indexOf(phase.lastStep) + 1),
    summary: phase.summary,
  }));
  return { phases, source: "model" };
}

export interface AggregatedSteps {
  granularity: Granularity;
  aggregated_content: string;
  /** Unit label ("Step 1", "Phase A", "global_trace") → the step ids it covers. */
  step_mapping: Record<string, number[]>;
  summary_metadata: Record<string, unknown>;
}

/** STEP_LEVEL: no aggregation; one encoded line per step with its memory, each mapped to its own id. */
export function aggregateStepLevel(steps: JudgeStep[]): AggregatedSteps {
  return {
    granularity: "step_level",
    aggregated_content: encodeSteps(steps, { withMemory: true }).join("\n"),
    step_mapping: Object.fromEntries(steps.map((step) => [`Step ${step.step}`, [step.step]])),
    summary_metadata: {},
  };
}

/** PHASE_LEVEL: one summary line per decomposed phase, mapped to the phase's steps. */
export function aggregatePhaseLevel(decomposition: TaskDecomposition): AggregatedSteps {
  const range = (ids: number[]) => (ids.length === 1 ? `Step ${ids[0]}` : `Steps ${ids[0]}-${ids.at(-1)}`);
  return {
    granularity: "phase_level",
    aggregated_content: decomposition.phases.map((phase) => `${phase.label} (${range(phase.steps)}): ${phase.summary}`).join("\n"),
    step_mapping: Object.fromEntries(decomposition.phases.map((phase) => [phase.label, phase.steps])),
    summary_metadata: {
      cluster_summaries: Object.fromEntries(decomposition.phases.map((phase, index) => [`cluster_${index + 1}`, phase.summary])),
    },
  };
}

const NarrativeSchema = z.object({
  narrative: z.string().min(1),
  execution_outcome: z.enum(["Success", "Partial", "Failure"]),
  strategy_description: z.string().min(1),
});

/** GLOBAL_SUMMARY: the model's narrative of the whole run; if it fails, the phase summaries joined, outcome "Unknown", with a note. */
export async function aggregateGlobalSummary(
  evalModel: EvalModel,
  steps: JudgeStep[],
  decomposition: TaskDecomposition,
): Promise<AggregatedSteps> {
  const phases = aggregatePhaseLevel(decomposition).aggregated_content;
  const outcome = await callEvalModel(evalModel, {
    agentId: "judge.summarizer",
    model: evalModel.models[0],
    promptFile: "judge/global-summary.md",
    user: `Phases:\n${phases}\n\nSteps:\n${encodeSteps(steps).join("\n")}`,
    output: { name: "global_summary", schema: NarrativeSchema },
  });
  const ok = outcome.kind === "ok";
  return {
    granularity: "global_summary",
    aggregated_content: ok ? outcome.value.narrative : decomposition.phases.map((phase) => phase.summary).join(" "),
    step_mapping: { global_trace: steps.map((step) => step.step) },
    summary_metadata: ok
      ? { execution_outcome: outcome.value.execution_outcome, strategy_description: outcome.value.strategy_description }
      : { execution_outcome: "Unknown", strategy_description: "", note: `narrative unavailable (${outcome.kind}): ${outcome.cause}` },
  };
}
