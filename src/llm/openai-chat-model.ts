/**
 * The ChatModel adapter for the Chat Completions protocol. Azure OpenAI and OpenAI-compatible
 * endpoints differ only in how the `openai` client is built (see the two builders below).
 */
import { DefaultAzureCredential, getBearerTokenProvider } from "@azure/identity";
import OpenAI, { AzureOpenAI } from "openai";
import type { CompletionUsage } from "openai/resources/completions";
import type { ChatModel, ChatOutcome, ChatRequest, TokenUsage } from "../workflow/ports";
import { classifyOpenAiError, describeFailure, endpointInfo } from "./openai-failure";
import { fromChatCompletion, toChatCompletionParams } from "./openai-request";
import { streamChatCompletion } from "./openai-stream";
import { retryWithBackoff, type RetrySettings, type Sleep } from "./retry";

/** The Entra ID scope of Azure OpenAI (Cognitive Services). */
const AZURE_COGNITIVE_SERVICES_SCOPE = "https://cognitiveservices.azure.com/.default";

/** Retry settings plus test seams (sleep, jitter source). */
export interface RetryBehaviour {
  retry: RetrySettings;
  sleep?: Sleep;
  random?: () => number;
}

/**
 * A chat model reached through an `openai` client. `request.timeoutMs` bounds the whole call —
 * every attempt and every back-off — so the workflow's per-step timeout holds whatever the server does.
 */
export class OpenAiChatModel implements ChatModel {
  constructor(
    readonly kind: "azure-openai" | "openai-compatible",
    private readonly client: OpenAI,
    private readonly behaviour: RetryBehaviour,
  ) {}

  /** Sends the request (with `x-agent-id`), retrying per the policy; never throws for model or network failures. */
  async complete(request: ChatRequest): Promise<ChatOutcome> {
    const startedAt = Date.now();
    const deadline = AbortSignal.timeout(request.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
    const body = toChatCompletionParams(request);
    const options = { headers: { "x-agent-id": request.agentId }, signal, maxRetries: 0 };
    const onPartialOutput = request.output ? request.onPartialOutput : undefined;
    const result = await retryWithBackoff(
      () => (onPartialOutput ? streamChatCompletion(this.client, body, options, onPartialOutput) : this.client.chat.completions.create(body, options)),
      classifyOpenAiError,
      { settings: this.behaviour.retry, signal, deadline: startedAt + request.timeoutMs, sleep: this.behaviour.sleep, random: this.behaviour.random },
    );
    const common = { durationMs: Date.now() - startedAt, attempts: result.attempts, model: request.model };
    if (result.ok) {
      const usage = tokenUsage(result.value.usage);
      return { kind: "ok", ...fromChatCompletion(result.value, request), usage, ...common };
    }
    const failure = describeFailure(result.error, {
      cancelled: request.signal?.aborted ?? false,
      timedOut: deadline.aborted,
      timeoutMs: request.timeoutMs,
      attempts: result.attempts,
      endpoint: endpointInfo(this.kind, this.client.baseURL),
    });
    return { ...failure, usage: { inputTokens: 0, outputTokens: 0 }, ...common };
  }
}

/** Our usage from the completion's; cached prompt tokens are kept only when the server reports them. */
function tokenUsage(usage: CompletionUsage | undefined): TokenUsage {
  const cached = usage?.prompt_tokens_details?.cached_tokens;
  return {
    inputTokens: usage?.prompt_tokens ?? 0,
    outputTokens: usage?.completion_tokens ?? 0,
    ...(typeof cached === "number" ? { cachedInputTokens: cached } : {}),
  };
}

/**
 * Azure OpenAI: `request.model` is the deployment name. Authenticates with the API key when one is
 * given, otherwise with an Entra ID token from DefaultAzureCredential (managed identity, az login, …).
 */
export function createAzureOpenAiChatModel(options: { endpoint: string; apiKey?: string; apiVersion: string } & RetryBehaviour): OpenAiChatModel {
  const client = new AzureOpenAI({
    // baseURL (not endpoint) so an OPENAI_BASE_URL in the environment cannot clash with it.
    baseURL: `${options.endpoint.replace(/\/+$/, "")}/openai`,
    apiVersion: options.apiVersion,
    ...(options.apiKey
      ? { apiKey: options.apiKey }
      : { azureADTokenProvider: getBearerTokenProvider(new DefaultAzureCredential(), AZURE_COGNITIVE_SERVICES_SCOPE) }),
    organization: null,
    project: null,
    maxRetries: 0,
  });
  return new OpenAiChatModel("azure-openai", client, retryBehaviour(options));
}

/** Any OpenAI-compatible base URL (OpenAI, OpenRouter, Ollama, vLLM, LM Studio); local servers need no key. */
export function createOpenAiCompatibleChatModel(options: { baseUrl: string; apiKey?: string } & RetryBehaviour): OpenAiChatModel {
  // Explicit values throughout, so OPENAI_* variables in the environment never change behaviour.
  const client = new OpenAI({ baseURL: options.baseUrl, apiKey: options.apiKey ?? "not-needed", organization: null, project: null, maxRetries: 0 });
  return new OpenAiChatModel("openai-compatible", client, retryBehaviour(options));
}

/** Only the retry knobs travel into the model; endpoints and keys stay with the client. */
function retryBehaviour({ retry, sleep, random }: RetryBehaviour): RetryBehaviour {
  return { retry, sleep, random };
}
