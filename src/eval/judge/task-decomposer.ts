import { z } from "zod";
import { callEvalModel, type EvalModel } from "../eval-model";
import { encodeSteps, type JudgeStep } from "./judge-step";

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
