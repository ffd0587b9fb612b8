import { z } from "zod";
import { callEvalModel, type EvalModel } from "../eval-model";
import type { Granularity } from "./criteria";
import { encodeSteps, type JudgeStep } from "./judge-step";
import type { TaskDecomposition } from "./task-decomposer";

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
  const step_mapping = { global_trace: steps.map((step) => step.step) };
  if (outcome.kind !== "ok")
    return {
      granularity: "global_summary",
      aggregated_content: decomposition.phases.map((phase) => phase.summary).join(" "),
      step_mapping,
      summary_metadata: {
        execution_outcome: "Unknown",
        strategy_description: "",
        note: `narrative unavailable (${outcome.kind}): ${outcome.cause}`,
      },
    };
  return {
    granularity: "global_summary",
    aggregated_content: outcome.value.narrative,
    step_mapping,
    summary_metadata: { execution_outcome: outcome.value.execution_outcome, strategy_description: outcome.value.strategy_description },
  };
}
