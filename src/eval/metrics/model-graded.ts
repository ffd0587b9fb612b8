import type { EvalModel } from "../eval-model";
import { combineModels, type MetricName, type MetricResult, type PerModelResult } from "./metric-result";

/**
 * Runs a single-model metric pipeline once per evaluation model (optionally only `models`), in
 * parallel, and combines the results: each model's score, the mean and whether they disagree.
 */
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
