import { z } from "zod";
import type { Sample } from "../../domain";
import { callEvalModel, type EvalModel } from "../eval-model";
import type { MetricOptions } from "../score-sample";
import { acrossModels, conversationText, failed, notScorable, scored, type MetricResult } from "./metric-result";

/** WITH_REFERENCE compares the outcome with `sample.reference`; WITHOUT_REFERENCE infers the goal first. */
type AgentGoalAccuracyConfig = Pick<Extract<MetricOptions, { metric: "agent-goal-accuracy" }>, "mode" | "models">;

export interface AgentGoalAccuracyParts {
  mode: AgentGoalAccuracyConfig["mode"];
  goal: string | null;
  /** The goal the model inferred (WITHOUT_REFERENCE), kept for the report. */
  inferredGoal: string | null;
  goalAchieved: boolean | null;
  reasoning: string | null;
}

const GoalInferenceSchema = z.object({ goal: z.string().min(1) });
const GoalVerdictSchema = z.object({ reasoning: z.string().min(1), goalAchieved: z.boolean() });

/** 1 when the model judges the goal achieved, 0 when not, per model; then the mean. */
export function agentGoalAccuracy(evalModel: EvalModel, sample: Sample, config: AgentGoalAccuracyConfig = { mode: "WITH_REFERENCE" }) {
  return acrossModels("agent-goal-accuracy", evalModel, config.models, (model) => goalAccuracyWith(evalModel, model, sample, config.mode));
}

async function goalAccuracyWith(
  evalModel: EvalModel,
  model: string,
  sample: Sample,
  mode: AgentGoalAccuracyConfig["mode"],
): Promise<MetricResult<AgentGoalAccuracyParts>> {
  const parts: AgentGoalAccuracyParts = { mode, goal: null, inferredGoal: null, goalAchieved: null, reasoning: null };
  const conversation = conversationText(sample.userInputMessages);
  if (mode === "WITH_REFERENCE") {
    if (!sample.reference?.trim())
      return notScorable("agent-goal-accuracy", "WITH_REFERENCE needs a reference goal and the sample has none", parts);
    parts.goal = sample.reference;
  } else {
    const inferred = await callEvalModel(evalModel, {
      agentId: "eval.goal-inference",
      model,
      promptFile: "metrics/goal-inference.md",
      user: `Conversation:\n${conversation}`,
      output: { name: "inferred_goal", schema: GoalInferenceSchema },
    });
    if (inferred.kind !== "ok") return failed("agent-goal-accuracy", "goal inference", inferred, parts);
    parts.goal = parts.inferredGoal = inferred.value.goal;
  }
  const verdict = await callEvalModel(evalModel, {
    agentId: "eval.goal-accuracy",
    model,
    promptFile: "metrics/goal-accuracy.md",
    user: `Goal:\n${parts.goal}\n\nConversation:\n${conversation}`,
    output: { name: "goal_verdict", schema: GoalVerdictSchema },
  });
  if (verdict.kind !== "ok") return failed("agent-goal-accuracy", "goal verdict", verdict, parts);
  parts.goalAchieved = verdict.value.goalAchieved;
  parts.reasoning = verdict.value.reasoning;
  return scored("agent-goal-accuracy", verdict.value.goalAchieved ? 1 : 0, verdict.value.reasoning, parts);
}
