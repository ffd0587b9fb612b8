import type { EvalModel } from "../eval-model";
import { lookup } from "../../domain/errors";
import type { Criterion, Granularity } from "./criteria";
import { analyzeGranularity } from "./granularity-analyzer";
import { evaluateCriterion } from "./judge-evaluator";
import type { JudgeRun } from "./judge-step";
import { aggregateGlobalSummary, aggregatePhaseLevel, aggregateStepLevel, type AggregatedSteps } from "./step-aggregator";
import { decomposeTask, type TaskDecomposition } from "./task-decomposer";

/** Decompose into phases, choose a level per criterion, aggregate each used level once, then evaluate the criteria in parallel. */
export async function judgeRun(evalModel: EvalModel, run: JudgeRun, criteria: Criterion[]) {
  const [decomposition, granularity] = await Promise.all([decomposeTask(evalModel, run.steps), analyzeGranularity(evalModel, criteria)]);
  const levels = [...new Set(granularity.map((choice) => choice.granularity))];
  const aggregates = new Map<Granularity, AggregatedSteps>(
    await Promise.all(levels.map(async (level) => [level, await AGGREGATORS[level](evalModel, run, decomposition)] as const)),
  );
  const results = await Promise.all(
    criteria.map((criterion, index) =>
      evaluateCriterion(evalModel, criterion, lookup(aggregates, granularity[index].granularity, "aggregated steps")),
    ),
  );
  const rawTokens = estimateTokens(JSON.stringify(run.steps));
  const contextSize = [...aggregates.values()].map((aggregated) => {
    const aggregatedTokens = estimateTokens(aggregated.aggregated_content);
    return {
      granularity: aggregated.granularity,
      aggregatedTokens,
      rawTokens,
      ratio: Math.round((aggregatedTokens / rawTokens) * 1000) / 1000,
    };
  });
  return { run: run.id, steps: run.steps.length, results, decomposition, granularity, contextSize };
}

const AGGREGATORS: Record<
  Granularity,
  (evalModel: EvalModel, run: JudgeRun, decomposition: TaskDecomposition) => Promise<AggregatedSteps>
> = {
  step_level: async (_, run) => aggregateStepLevel(run.steps),
  phase_level: async (_, __, decomposition) => aggregatePhaseLevel(decomposition),
  global_summary: (evalModel, run, decomposition) => aggregateGlobalSummary(evalModel, run.steps, decomposition),
};

/** Good enough to compare context sizes: one token per CJK character plus one per four other characters. */
export function estimateTokens(text: string): number {
  const cjk = text.match(/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f]/g)?.length ?? 0;
  return cjk + Math.ceil((text.length - cjk) / 4);
}
