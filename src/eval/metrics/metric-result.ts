import type { SampleMessage } from "../../domain";
import type { EvalModel } from "../eval-model";

export type MetricName = "tool-call-accuracy" | "agent-goal-accuracy" | "topic-adherence";

/**
 * A metric's verdict as a value: `score` is a number in [0, 1] only when `scorable`; otherwise it is null and `reason` says why (never NaN,
 * never a fake 0). `parts` are the metric's components.
 */
export interface MetricResult<P = Record<string, unknown>> {
  metric: MetricName;
  score: number | null;
  scorable: boolean;
  reason: string;
  parts: P;
  /** Why a model-graded metric has no score: the model call failed after its retries and one repair. */
  error?: { kind: string; cause: string };
  /** Present for model-graded metrics: each model's result, their mean and whether they disagree. */
  models?: ModelBreakdown<P>;
}

type PerModelResult<P> = Omit<MetricResult<P>, "models"> & { model: string };

export interface ModelBreakdown<P> {
  perModel: PerModelResult<P>[];
  mean: number | null;
  spread: number | null;
  /** True when the spread exceeds DISAGREEMENT_TOLERANCE, or when some models scored and others did not. */
  disagreement: boolean;
}

/** A metric score at or above this passes (golden runs, the scheduled job's telemetry and dashboards). */
export const PASSING_SCORE = 0.8;

/** Scores further apart than this count as a disagreement between models (binary verdicts always differ by 1). */
const DISAGREEMENT_TOLERANCE = 0.2;

export function scored<P>(metric: MetricName, score: number, reason: string, parts: P): MetricResult<P> {
  return { metric, score, scorable: true, reason, parts };
}

export function notScorable<P>(metric: MetricName, reason: string, parts: P): MetricResult<P> {
  return { metric, score: null, scorable: false, reason, parts };
}

export function failed<P>(metric: MetricName, step: string, error: { kind: string; cause: string }, parts: P): MetricResult<P> {
  return {
    ...notScorable(metric, `${step} failed (${error.kind}): ${error.cause}`, parts),
    error: { kind: error.kind, cause: error.cause },
  };
}

/** 0 when both are 0 (never NaN). */
export function f1Score(precision: number, recall: number): number {
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

/** 0/0 is `whenEmpty`. */
export function ratio(numerator: number, denominator: number, whenEmpty: number): number {
  return denominator === 0 ? whenEmpty : numerator / denominator;
}

// Top-level parts keep the mean of each numeric part and every other part on which all scoring models agree.
function combineModels<P extends object>(metric: MetricName, perModel: PerModelResult<P>[]): MetricResult<Partial<P>> {
  const scoredModels = perModel.filter((result) => result.scorable && result.score !== null);
  const scores = scoredModels.flatMap((result) => (result.score === null ? [] : [result.score]));
  const mean = scores.length === 0 ? null : scores.reduce((sum, value) => sum + value, 0) / scores.length;
  const spread = scores.length === 0 ? null : Math.max(...scores) - Math.min(...scores);
  const disagreement =
    (spread !== null && spread > DISAGREEMENT_TOLERANCE) || (scoredModels.length > 0 && scoredModels.length < perModel.length);
  const models: ModelBreakdown<P> = { perModel, mean, spread, disagreement };
  const parts = combineParts(scoredModels.map((result) => result.parts));
  if (mean === null) {
    const reason = perModel.map((result) => `${result.model}: ${result.reason}`).join("; ");
    const error = perModel.find((result) => result.error)?.error;
    return { metric, score: null, scorable: false, reason, parts, models, ...(error ? { error } : {}) };
  }
  const reason =
    perModel.length === 1
      ? perModel[0].reason
      : `mean of ${scores.length}/${perModel.length} models${disagreement ? " (models disagree)" : ""}: ` +
        perModel.map((result) => `${result.model}=${result.score ?? "n/a"}`).join(", ");
  return { metric, score: mean, scorable: true, reason, parts, models };
}

function combineParts<P extends object>(partsList: P[]): Partial<P> {
  const combined: Record<string, unknown> = {};
  const first = partsList[0] as Record<string, unknown> | undefined;
  if (!first) return {};
  for (const key of Object.keys(first)) {
    const values = partsList.map((parts) => (parts as Record<string, unknown>)[key]);
    if (values.every((value) => typeof value === "number")) combined[key] = values.reduce((a, b) => a + b, 0) / values.length;
    else if (values.every((value) => JSON.stringify(value) === JSON.stringify(values[0]))) combined[key] = values[0];
  }
  return combined as Partial<P>;
}

export function conversationText(messages: SampleMessage[]): string {
  return messages
    .map((message, index) => {
      const calls = (message.toolCalls ?? []).map((call) => `${call.name}(${JSON.stringify(call.arguments)})`);
      const suffix = calls.length > 0 ? ` [tool calls: ${calls.join(", ")}]` : "";
      return `${index + 1}. ${message.type.toUpperCase()}: ${message.content}${suffix}`;
    })
    .join("\n");
}

/** Runs a single-model metric once per evaluation model (or only `models`), in parallel, and combines the results. */
export async function acrossModels<P extends object>(
  metric: MetricName,
  evalModel: EvalModel,
  models: string[] | undefined,
  evaluateWith: (model: string) => Promise<MetricResult<P>>,
): Promise<MetricResult<Partial<P>>> {
  const chosen = models && models.length > 0 ? models : evalModel.models;
  const perModel: PerModelResult<P>[] = await Promise.all(chosen.map(async (model) => ({ ...(await evaluateWith(model)), model })));
  return combineModels(metric, perModel);
}
