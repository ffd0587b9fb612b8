import { z } from "zod";
import { callEvalModel, type EvalModel } from "../eval-model";
import type { Criterion } from "./criteria";
import type { Granularity } from "./granularity";
import type { AggregatedSteps } from "./step-aggregator";

/** A verdict on one criterion. */
export type Verdict = "PASS" | "FAIL" | "UNSURE";

/** What a verdict rests on: units of the aggregated content and the raw step ids. */
export interface Evidence {
  /** Keys of the AggregatedSteps step_mapping ("Step 3", "Phase B", "global_trace"). */
  units: string[];
  step_ids: number[];
  /** Set when the cited evidence did not check out against the mapping. */
  note?: string;
}

/** The judge's output per criterion (seed 003). */
export interface EvaluationResult {
  criterion_name: string;
  verdict: Verdict;
  reasoning: string;
  confidence_score: number;
  used_granularity: Granularity;
  evidence: Evidence;
  /** Present when the judge call failed after one repair: the verdict is then UNSURE with confidence 0. */
  error?: { kind: string; cause: string };
}

const VerdictSchema = z.object({
  verdict: z.enum(["PASS", "FAIL", "UNSURE"]),
  reasoning: z.string().min(1),
  confidence_score: z.number().min(0).max(1),
  evidence: z.object({ units: z.array(z.string()), step_ids: z.array(z.number().int()) }),
});

/** Unit labels and step ids cited as evidence that are not in the mapping (empty lists: all valid). */
export function invalidEvidence(evidence: { units: string[]; step_ids: number[] }, mapping: Record<string, number[]>) {
  const known = new Set(Object.values(mapping).flat());
  return {
    units: evidence.units.filter((unit) => !Object.prototype.hasOwnProperty.call(mapping, unit)),
    step_ids: evidence.step_ids.filter((id) => !known.has(id)),
  };
}

/**
 * JudgeEvaluator: asks the model (`judge.evaluator`) for a verdict on one criterion over the
 * aggregated context. Evidence must name units and step ids of the mapping; otherwise the verdict
 * becomes UNSURE with a note saying what was invalid.
 */
export async function evaluateCriterion(evalModel: EvalModel, criterion: Criterion, aggregated: AggregatedSteps): Promise<EvaluationResult> {
  const base = { criterion_name: criterion.name, used_granularity: aggregated.granularity };
  const outcome = await callEvalModel(evalModel, {
    agentId: "judge.evaluator",
    model: evalModel.models[0]!,
    promptFile: "judge/evaluator.md",
    // The run's context is the same for every criterion judged at this granularity: it goes first,
    // so the model's prompt cache reuses it, and the criterion comes last.
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
      ...base,
      verdict: "UNSURE",
      reasoning: `The judge could not reach a verdict: ${outcome.kind}: ${outcome.cause}`,
      confidence_score: 0,
      evidence: { units: [], step_ids: [] },
      error: { kind: outcome.kind, cause: outcome.cause },
    };
  const { verdict, reasoning, confidence_score, evidence } = outcome.value;
  const invalid = invalidEvidence(evidence, aggregated.step_mapping);
  if (invalid.units.length === 0 && invalid.step_ids.length === 0) return { ...base, verdict, reasoning, confidence_score, evidence };
  const problems = [
    invalid.units.length > 0 ? `unknown units ${JSON.stringify(invalid.units)}` : "",
    invalid.step_ids.length > 0 ? `unknown step ids ${JSON.stringify(invalid.step_ids)}` : "",
  ].filter(Boolean);
  return {
    ...base,
    verdict: "UNSURE",
    reasoning,
    confidence_score,
    evidence: { ...evidence, note: `The judge answered ${verdict} but cited ${problems.join(" and ")} not in the ${aggregated.granularity} mapping, so the verdict is UNSURE.` },
  };
}
