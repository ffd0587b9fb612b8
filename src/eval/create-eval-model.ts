import type { AppConfig } from "../config";
import { createAzureOpenAiChatModel, createOpenAiCompatibleChatModel, type RetryBehaviour } from "../llm/openai-chat-model";
import { DEFAULT_EVAL_CALL_SETTINGS, type EvalModel } from "./eval-model";
import { openPromptFiles } from "./prompt-files";

/** The message printed wherever a model-graded evaluation cannot run. */
export const SKIPPED_NO_EVAL_MODEL = "skipped: no evaluation model configured";

/** Seed 004's retry back-off for evaluation calls: 2 s, ×2, capped at 30 s (on 429 and transient errors). */
export const EVAL_RETRY_BACKOFF = { initialMs: 2000, multiplier: 2, maxMs: 30_000 } as const;

/** Which evaluation models to use, or why there are none. */
export type EvalModelChoice = { configured: true; models: string[] } | { configured: false; reason: string };

/**
 * EVAL_MODELS (comma list) when set, else EVAL_MODEL, else the Moderator's model — on the configured
 * provider. The offline provider has no language model, so nothing model-graded can run.
 */
export function chooseEvalModels(config: Pick<AppConfig, "env" | "provider" | "models">): EvalModelChoice {
  if (config.provider.kind === "offline") return { configured: false, reason: `${SKIPPED_NO_EVAL_MODEL} (${config.provider.reason})` };
  const models = config.env.EVAL_MODELS.length > 0 ? config.env.EVAL_MODELS : [config.env.EVAL_MODEL ?? config.models.moderator];
  return { configured: true, models: [...new Set(models)] };
}

/** Builds the evaluation model from configuration, or returns why there is none. `behaviour` overrides the retry seams (tests). */
export function createEvalModel(
  config: Pick<AppConfig, "env" | "provider" | "models" | "retry">,
  behaviour: Partial<RetryBehaviour> = {},
): EvalModel | { skipped: string } {
  const choice = chooseEvalModels(config);
  const provider = config.provider;
  if (!choice.configured || provider.kind === "offline") return { skipped: choice.configured ? SKIPPED_NO_EVAL_MODEL : choice.reason };
  const retry: RetryBehaviour = { retry: { maxRetries: config.retry.maxRetries, ...EVAL_RETRY_BACKOFF }, ...behaviour };
  const chat =
    provider.kind === "azure-openai"
      ? createAzureOpenAiChatModel({ endpoint: provider.endpoints, apiKey: provider.apiKey, apiVersion: provider.apiVersion, ...retry })
      : createOpenAiCompatibleChatModel({ baseUrl: provider.baseUrls, apiKey: provider.apiKey, ...retry });
  return { chat, models: choice.models, prompts: openPromptFiles(config.env.PROMPTS_DIR), settings: DEFAULT_EVAL_CALL_SETTINGS };
}
