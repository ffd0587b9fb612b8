import { z } from "zod";
import type { ModelFamily, ReasoningEffort } from "../domain";
import type { ChatMessage, ChatModel } from "../workflow/ports";
import { callStructured, type StructuredOutcome } from "../workflow/structured-call";
import type { PromptFiles } from "./prompt-files";

/** 4000 tokens fit a verdict and its reason with a reasoning model's thinking at medium effort. */
export const DEFAULT_EVAL_CALL_SETTINGS: EvalModel["settings"] = { maxTokens: 4000, timeoutMs: 60_000, reasoningEffort: "medium" };

export interface EvalModel {
  chat: ChatModel;
  /** Model (or deployment) names; metrics ask each, the judge asks the first. */
  models: string[];
  prompts: PromptFiles;
  settings: { maxTokens: number; timeoutMs: number; family?: ModelFamily; reasoningEffort: ReasoningEffort };
}

export interface EvalCall<S extends z.ZodTypeAny> {
  /** Sent as `x-agent-id` (e.g. `eval.goal-accuracy`, `judge.evaluator`). */
  agentId: string;
  model: string;
  promptFile: string;
  user: string;
  output: { name: string; schema: S };
  /** A cross-field check on a schema-valid reply: the problem (sent in the repair request), or null. */
  check?: (value: z.output<S>) => string | null;
}

/** At temperature 0 with zod validation, the optional check, and one bounded repair. */
export function callEvalModel<S extends z.ZodTypeAny>(evalModel: EvalModel, call: EvalCall<S>): Promise<StructuredOutcome<z.output<S>>> {
  const messages: ChatMessage[] = [
    { role: "system", content: evalModel.prompts.read(call.promptFile) },
    { role: "user", content: call.user },
  ];
  const check = call.check;
  const validator = check
    ? call.output.schema.superRefine((value: z.output<S>, context: z.RefinementCtx) => {
        const problem = check(value);
        if (problem) context.addIssue({ code: z.ZodIssueCode.custom, message: problem });
      })
    : call.output.schema;
  return callStructured(
    evalModel.chat,
    {
      agentId: call.agentId,
      model: call.model,
      messages,
      temperature: 0,
      maxTokens: evalModel.settings.maxTokens,
      reasoningEffort: evalModel.settings.reasoningEffort,
      ...(evalModel.settings.family ? { family: evalModel.settings.family } : {}),
      timeoutMs: evalModel.settings.timeoutMs,
      output: call.output,
    },
    evalModel.prompts.read("metrics/repair.md"),
    validator,
  );
}
