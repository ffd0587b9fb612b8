import { z } from "zod";
import { callEvalModel, type EvalModel } from "../eval-model";
import { lookup } from "../../domain/errors";
import { estimateTokens } from "../../domain/conversation";
import { analyzeGranularity, type Criterion, type Granularity } from "./criteria";
import {
  aggregateGlobalSummary,
  aggregatePhaseLevel,
  aggregateStepLevel,
  decomposeTask,
  type AggregatedSteps,
  type JudgeRun,
} from "./judge-step";

/** Decompose into phases, choose a level per criterion, aggregate each used level once, then evaluate the criteria in parallel. */
export async function judgeRun(evalModel: EvalModel, run: JudgeRun, criteria: Criterion[]) {
  const [decomposition, granularity] = await Promise.all([decomposeTask(evalModel, run.steps), analyzeGranularity(evalModel, criteria)]);
  const levels = [...new Set(granularity.map((choice) => choice.granularity))];
  const aggregate = {
    step_level: async () => aggregateStepLevel(run.steps),
    phase_level: async () => aggregatePhaseLevel(decomposition),
    global_summary: () => aggregateGlobalSummary(evalModel, run.steps, decomposition),
  } satisfies Record<Granularity, () => Promise<AggregatedSteps>>;
  const aggregates = new Map<Granularity, AggregatedSteps>(
    await Promise.all(levels.map(async (level) => [level, await aggregate[level]()] as const)),
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

const VerdictSchema = z.object({
  verdict: z.enum(["PASS", "FAIL", "UNSURE"]),
  reasoning: z.string().min(1),
  confidence_score: z.number().min(0).max(1),
  evidence: z.object({ units: z.array(z.string()), step_ids: z.array(z.number().int()) }),
});
type Verdict = z.infer<typeof VerdictSchema>["verdict"];

export type EvaluationResult = z.infer<typeof VerdictSchema> & {
  criterion_name: string;
  used_granularity: Granularity;
  /** `units` are keys of the step_mapping ("Step 3", "Phase B", "global_trace"); `note` says when they did not check out against it. */
  evidence: { note?: string };
  /** Present when the judge call failed after one repair (every model's, with several): the verdict is then UNSURE with confidence 0. */
  error?: { kind: string; cause: string };
  /** Present with several evaluation models: each model's verdict and evidence, and whether they disagree. */
  models?: { perModel: ModelVerdict[]; disagreement: boolean };
};

/** Cited evidence not in the mapping (empty lists: all valid). */
export function invalidEvidence(evidence: { units: string[]; step_ids: number[] }, mapping: Record<string, number[]>) {
  const known = new Set(Object.values(mapping).flat());
  return {
    units: evidence.units.filter((unit) => !Object.prototype.hasOwnProperty.call(mapping, unit)),
    step_ids: evidence.step_ids.filter((id) => !known.has(id)),
  };
}

export type ModelVerdict = Omit<EvaluationResult, "criterion_name" | "used_granularity" | "models"> & { model: string };

/** A model whose evidence names units or step ids outside the mapping gets UNSURE with a note. */
async function evaluateCriterion(evalModel: EvalModel, criterion: Criterion, aggregated: AggregatedSteps): Promise<EvaluationResult> {
  const perModel = await Promise.all(evalModel.models.map((model) => verdictOf(evalModel, model, criterion, aggregated)));
  return { criterion_name: criterion.name, used_granularity: aggregated.granularity, ...combineVerdicts(perModel) };
}

/**
 * Failed models do not vote (as a failed metric does not count in the mean); the verdict most gave wins, UNSURE on a tie. Models disagree
 * when the voters' verdicts differ or when some failed while others answered.
 */
export function combineVerdicts(perModel: ModelVerdict[]): Omit<EvaluationResult, "criterion_name" | "used_granularity"> {
  if (perModel.length === 1) {
    const { model: _model, ...only } = perModel[0];
    return only;
  }
  const voters = perModel.filter((one) => !one.error);
  if (voters.length === 0) {
    const { model: _first, ...failure } = perModel[0];
    return {
      ...failure,
      reasoning: perModel.map((one) => `${one.model}: ${one.reasoning}`).join("; "),
      models: { perModel, disagreement: false },
    };
  }
  const votes = new Map<Verdict, number>();
  for (const one of voters) votes.set(one.verdict, (votes.get(one.verdict) ?? 0) + 1);
  const top = Math.max(...votes.values());
  const leaders = [...votes].filter(([, count]) => count === top).map(([verdict]) => verdict);
  const verdict: Verdict = leaders.length === 1 ? leaders[0] : "UNSURE";
  const backing = voters.filter((one) => one.verdict === verdict);
  const cited = backing.length > 0 ? backing : voters;
  const disagreement = votes.size > 1 || voters.length < perModel.length;
  const tally = perModel.map((one) => `${one.model}=${one.error ? `failed (${one.error.kind})` : one.verdict}`).join(", ");
  const headline =
    leaders.length > 1
      ? `tie between ${leaders.join(" and ")} (${tally}), so UNSURE`
      : `${verdict} by ${top} of ${perModel.length} models${disagreement ? ` (models disagree: ${tally})` : ""}`;
  return {
    verdict,
    reasoning: `${headline}. ${cited[0].reasoning}`,
    confidence_score: voters.reduce((sum, one) => sum + one.confidence_score, 0) / voters.length,
    evidence: {
      units: [...new Set(cited.flatMap((one) => one.evidence.units))],
      step_ids: [...new Set(cited.flatMap((one) => one.evidence.step_ids))].sort((a, b) => a - b),
      ...(cited.some((one) => one.evidence.note)
        ? { note: cited.flatMap((one) => (one.evidence.note ? [`${one.model}: ${one.evidence.note}`] : [])).join(" ") }
        : {}),
    },
    models: { perModel, disagreement },
  };
}

async function verdictOf(evalModel: EvalModel, model: string, criterion: Criterion, aggregated: AggregatedSteps): Promise<ModelVerdict> {
  const outcome = await callEvalModel(evalModel, {
    agentId: "judge.evaluator",
    model,
    promptFile: "judge/evaluator.md",
    // The run's context is the same for every criterion judged at this granularity: it goes first, so the model's prompt cache reuses it,
    // and the criterion comes last.
    user: [
      `Granularity: ${aggregated.granularity}`,
      `Units you may cite (step_mapping): ${JSON.stringify(aggregated.step_mapping)}`,
      `Summary metadata: ${JSON.stringify(aggregated.summary_metadata)}`,
      `Context:\n${aggregated.aggregated_content}`,
      `Criterion: ${criterion.name}`,
      `Description: ${criterion.description}`,
    ].join("\n\n"),
    output: { name: "evaluation_result", schema: VerdictSchema },
  });
  if (outcome.kind !== "ok")
    return {
      model,
      verdict: "UNSURE",
      reasoning: `The judge could not reach a verdict: ${outcome.kind}: ${outcome.cause}`,
      confidence_score: 0,
      evidence: { units: [], step_ids: [] },
      error: { kind: outcome.kind, cause: outcome.cause },
    };
  const { verdict, reasoning, confidence_score, evidence } = outcome.value;
  const invalid = invalidEvidence(evidence, aggregated.step_mapping);
  if (invalid.units.length === 0 && invalid.step_ids.length === 0) return { model, verdict, reasoning, confidence_score, evidence };
  const problems = [
    invalid.units.length > 0 ? `unknown units ${JSON.stringify(invalid.units)}` : "",
    invalid.step_ids.length > 0 ? `unknown step ids ${JSON.stringify(invalid.step_ids)}` : "",
  ].filter(Boolean);
  return {
    model,
    verdict: "UNSURE",
    reasoning,
    confidence_score,
    evidence: {
      ...evidence,
      note: `The judge answered ${verdict} but cited ${problems.join(" and ")} not in the ${aggregated.granularity} mapping, so the verdict is UNSURE.`,
    },
  };
}
