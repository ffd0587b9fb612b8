import { z } from "zod";
import type { Sample } from "../domain";
import type { EvalModel } from "./eval-model";
import { agentGoalAccuracy } from "./metrics/agent-goal-accuracy";
import type { MetricName, MetricResult } from "./metrics/metric-result";
import { topicAdherence } from "./metrics/topic-adherence";
import { toolCallAccuracy } from "./metrics/tool-call-accuracy";

/** Options of one metric run (the CLI's --metric, --mode, --threshold, --counting, --models), validated per metric. */
export const MetricOptionsSchema = z.discriminatedUnion("metric", [
  z.object({
    metric: z.literal("tool-call-accuracy"),
    mode: z.enum(["STRICT", "FLEXIBLE"]).default("STRICT"),
    threshold: z.number().min(0).max(1).default(0.8),
    models: z.array(z.string()).optional(),
  }),
  z.object({
    metric: z.literal("agent-goal-accuracy"),
    mode: z.enum(["WITH_REFERENCE", "WITHOUT_REFERENCE"]).default("WITH_REFERENCE"),
    models: z.array(z.string()).optional(),
  }),
  z.object({
    metric: z.literal("topic-adherence"),
    mode: z.enum(["PRECISION", "RECALL", "F1"]).default("F1"),
    counting: z.enum(["COVERAGE", "REFUSAL"]).default("COVERAGE"),
    models: z.array(z.string()).optional(),
  }),
]);
export type MetricOptions = z.infer<typeof MetricOptionsSchema>;

/** One output line: the sample id, the metric, its score, scorable, reason and parts flattened; or `skipped` with why. */
export type MetricLine = { id: string; metric: MetricName } & Record<string, unknown>;

export function isModelGraded(metric: MetricName): boolean {
  return metric !== "tool-call-accuracy";
}

/** Scores one sample with one metric; model-graded metrics without a model report the skip. */
export async function scoreSample(sample: Sample, options: MetricOptions, evalModel: EvalModel | { skipped: string }): Promise<MetricLine> {
  if (options.metric === "tool-call-accuracy") return flatten(sample.id, toolCallAccuracy(sample, options));
  if ("skipped" in evalModel) return { id: sample.id, metric: options.metric, skipped: evalModel.skipped };
  const result =
    options.metric === "agent-goal-accuracy" ? agentGoalAccuracy(evalModel, sample, options) : topicAdherence(evalModel, sample, options);
  return flatten(sample.id, await result);
}

function flatten(id: string, result: MetricResult<object>): MetricLine {
  const { metric, score, scorable, reason, parts, ...rest } = result;
  return { id, metric, score, scorable, reason, ...parts, ...rest };
}
