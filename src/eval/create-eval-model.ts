import { apiKeyFor, type AppConfig, type EvalModelEntry } from "../config";
import { createAzureOpenAiChatModel, createOpenAiCompatibleChatModel, type RetryBehaviour } from "../llm/openai-chat-model";
import { evalModelRetry } from "../resilience";
import type { ChatModel, ChatOutcome, ChatRequest } from "../workflow/ports";
import { unsentCall } from "../workflow/structured-call";
import { DEFAULT_EVAL_CALL_SETTINGS, type EvalModel } from "./eval-model";
import { openPromptFiles } from "./prompt-files";

const SKIPPED_NO_EVAL_MODEL = "skipped: no evaluation model configured";

type EvalConfig = Pick<AppConfig, "env" | "provider" | "models">;

/**
 * EVAL_MODELS when set, else EVAL_MODEL, else the Moderator's model on the bot's own endpoint. Entries that name their endpoint need no bot
 * model at all; a bare name needs the bot's endpoint.
 */
function chooseEvalModels(config: EvalConfig): EvalModelEntry[] | { skipped: string } {
  const provider = config.provider;
  const configured = config.env.EVAL_MODELS.length > 0 ? config.env.EVAL_MODELS : config.env.EVAL_MODEL;
  if (configured.length === 0 && provider.kind === "offline")
    return { skipped: `${SKIPPED_NO_EVAL_MODEL} (EVAL_MODELS is unset and the bot has no model: ${provider.reason})` };
  const entries =
    configured.length > 0
      ? configured
      : [{ label: config.models.evaluation.deployment, model: config.models.evaluation.deployment, endpoint: { kind: "bot" as const } }];
  const bare = entries.filter((entry) => entry.endpoint.kind === "bot");
  if (bare.length > 0 && provider.kind === "offline")
    return {
      skipped: `${SKIPPED_NO_EVAL_MODEL}: ${bare.map((entry) => `"${entry.label}"`).join(", ")} names no endpoint and the bot has no model (${provider.reason}); write it as model@https://base-url/v1 or deployment@azure:https://resource`,
    };
  return [...new Map(entries.map((entry) => [entry.label, entry])).values()];
}

/** Or why there is none. `behaviour` overrides the retry seams (tests). */
export function createEvalModel(
  config: EvalConfig & Pick<AppConfig, "retry">,
  behaviour: Partial<RetryBehaviour> = {},
): EvalModel | { skipped: string } {
  const entries = chooseEvalModels(config);
  if ("skipped" in entries) return entries;
  const retry: RetryBehaviour = { retry: evalModelRetry(config.retry.maxRetries), ...behaviour };
  const clients = new Map<string, ChatModel>();
  const routes = new Map(
    entries.map((entry) => {
      const key = JSON.stringify(entry.endpoint);
      const chat = clients.get(key) ?? chatModelFor(config, entry, retry);
      clients.set(key, chat);
      return [entry.label, { model: entry.model, chat }] as const;
    }),
  );
  return {
    chat: routedChatModel(routes),
    models: entries.map((entry) => entry.label),
    prompts: openPromptFiles(config.env.PROMPTS_DIR),
    settings: {
      ...DEFAULT_EVAL_CALL_SETTINGS,
      family: config.models.evaluation.family,
      reasoningEffort: config.models.evaluation.reasoningEffort,
    },
  };
}

// That endpoint's own credentials: EVAL_API_KEYS, or Entra ID for Azure without a key.
function chatModelFor(config: EvalConfig, entry: EvalModelEntry, retry: RetryBehaviour): ChatModel {
  const endpoint = entry.endpoint;
  const keys = config.env.EVAL_API_KEYS;
  const provider = config.provider;
  if (endpoint.kind === "openai-compatible")
    return createOpenAiCompatibleChatModel({ baseUrl: endpoint.baseUrl, apiKey: apiKeyFor(keys, endpoint.baseUrl), ...retry });
  if (endpoint.kind === "azure-openai")
    return createAzureOpenAiChatModel({
      endpoint: endpoint.endpoint,
      apiKey: apiKeyFor(keys, endpoint.endpoint),
      apiVersion: config.env.AZURE_OPENAI_API_VERSION,
      ...retry,
    });
  if (provider.kind === "azure-openai")
    return createAzureOpenAiChatModel({ endpoint: provider.endpoints, apiKey: provider.apiKey, apiVersion: provider.apiVersion, ...retry });
  if (provider.kind === "openai-compatible")
    return createOpenAiCompatibleChatModel({ baseUrl: provider.baseUrls, apiKey: provider.apiKey, ...retry });
  throw new Error(`"${entry.label}" needs the bot's model endpoint and there is none`);
}

/** A request's `model` is an evaluation model's label (or its name, when unique), so every call can name any model whoever serves it. */
function routedChatModel(routes: Map<string, { model: string; chat: ChatModel }>): ChatModel {
  return {
    kind: "openai-compatible",
    complete: (request: ChatRequest): Promise<ChatOutcome> => {
      const byModelName = [...routes.values()].filter((candidate) => candidate.model === request.model);
      const route = routes.get(request.model) ?? (byModelName.length === 1 ? byModelName[0] : undefined);
      if (!route) {
        const cause = `"${request.model}" is not a configured evaluation model (configured: ${[...routes.keys()].join(", ")})`;
        return Promise.resolve(unsentCall("error", cause, request.model));
      }
      return route.chat.complete({ ...request, model: route.model });
    },
  };
}
