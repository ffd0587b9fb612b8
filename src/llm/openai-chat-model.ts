// Azure OpenAI and OpenAI-compatible endpoints differ only in how the `openai` client is built (the two builders below).
import { DefaultAzureCredential, getBearerTokenProvider } from "@azure/identity";
import OpenAI, { AzureOpenAI } from "openai";
import { redactUrl } from "../domain/errors";
import type { DeploymentTiming } from "../domain";
import type { ChatModel, ChatOutcome, ChatRequest } from "../workflow/ports";
import type { ChatCompletion } from "openai/resources/chat/completions";
import { EndpointPool, type EndpointFault, type EndpointListener, type EndpointStatus, type ModelEndpoint } from "./endpoint-pool";
import { AzureV1OpenAI, type AzureV1Auth } from "./azure-v1-client";
import { completionFiltered } from "./content-filter";
import { classifyOpenAiError, describeFailure, endpointFault, shorten } from "./openai-failure";
import { addUsage } from "../workflow/structured-call";
import { fromChatCompletion, toChatCompletionParams, tokenUsage } from "./openai-request";
import { streamChatCompletion } from "./openai-stream";
import {
  CUT_OFF_ANSWER,
  MODEL_FAILOVER,
  retryWithBackoff,
  type CircuitSettings,
  type FailedAttempt,
  type RetryOptions,
  type RetryPolicy,
  type Sleep,
} from "../resilience";

const AZURE_COGNITIVE_SERVICES_SCOPE = "https://cognitiveservices.azure.com/.default";

/**
 * The retry policy of model calls plus test seams (sleep, jitter source), and the failover knobs: the breakers, how long a 429's
 * Retry-After may be before it counts as a fault, and who hears about it.
 */
export interface RetryBehaviour {
  retry: RetryPolicy;
  sleep?: Sleep;
  random?: () => number;
  circuit?: CircuitSettings;
  retryAfterBudgetMs?: number;
  onEndpointEvent?: EndpointListener;
}

/**
 * A chat model reached through `openai` clients, one per endpoint in failover order. `request.timeoutMs` bounds the whole call — every
 * attempt, every failover and every back-off — so the workflow's per-step timeout holds whatever the servers do.
 */
export class OpenAiChatModel implements ChatModel {
  /** The model each deployment's responses named (Azure's `model` field, e.g. `gpt-5.4-2026-03-05`). */
  private readonly servedModels = new Map<string, string>();
  private readonly pool: EndpointPool<OpenAI>;
  private readonly retry: Pick<RetryOptions, "policy" | "sleep" | "random">;
  private readonly retryAfterBudgetMs: number;

  constructor(
    readonly kind: "azure-openai" | "openai-compatible",
    clients: ModelEndpoint<OpenAI>[],
    { retry, sleep, random, retryAfterBudgetMs, circuit, onEndpointEvent }: RetryBehaviour,
  ) {
    this.pool = new EndpointPool(clients, circuit ?? MODEL_FAILOVER.circuit, onEndpointEvent);
    // Only the retry knobs travel into the model; endpoints and keys stay with the clients.
    this.retry = { policy: retry, sleep, random };
    this.retryAfterBudgetMs = retryAfterBudgetMs ?? MODEL_FAILOVER.retryAfterBudgetMs;
  }

  endpointStatuses(): EndpointStatus[] {
    return this.pool.statuses();
  }

  /** An answer cut off at its token budget is asked again once with a larger budget within the same timeout, else `truncated`. */
  async complete(request: ChatRequest): Promise<ChatOutcome> {
    const first = await this.send(request);
    if (first.kind !== "truncated") return first;
    const budget = Math.min(request.maxTokens * CUT_OFF_ANSWER.budgetFactor, CUT_OFF_ANSWER.maxTokens);
    const timeLeftMs = request.timeoutMs - first.durationMs;
    if (budget <= request.maxTokens || timeLeftMs <= 0) return first;
    const second = await this.send({ ...request, maxTokens: budget, timeoutMs: timeLeftMs });
    const usage = { ...first.usage };
    addUsage(usage, second.usage);
    const both = { usage, durationMs: first.durationMs + second.durationMs, attempts: first.attempts + second.attempts };
    if (second.kind !== "truncated") return { ...second, ...both };
    return {
      ...second,
      ...both,
      cause: `${first.cause}, and again at ${budget} tokens; raise maxTokens in the agent's prompt front matter`,
    };
  }

  /**
   * Moves to the next endpoint at once on an endpoint fault, retrying per the policy once every endpoint was tried; never throws for model
   * or network failures. A filtered, cut-off or refused answer is an outcome of its own, never content to parse.
   */
  private async send(request: ChatRequest): Promise<ChatOutcome> {
    const startedAt = Date.now();
    const deadline = AbortSignal.timeout(request.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
    const { pool } = this;
    const deployment = request.model;
    const body = toChatCompletionParams(request, this.kind, this.knownModel(request));
    // This request's last fault on each endpoint it faulted on: counted once each when it ends.
    const faults = new Map<ModelEndpoint<OpenAI>, EndpointFault>();
    let current: ModelEndpoint<OpenAI> | undefined;
    let lastFault: EndpointFault | undefined;
    const options = { headers: { "x-agent-id": request.agentId }, signal, maxRetries: 0 };
    const onPartialOutput = request.output ? request.onPartialOutput : undefined;
    let timing: DeploymentTiming | undefined;
    const attempt = async (): Promise<ChatCompletion> => {
      const previous = current;
      // Endpoints this request faulted on are skipped until it has faulted on every one.
      const skip = new Set(faults.keys());
      if (skip.size === pool.endpoints.length) skip.clear();
      current = pool.pick(deployment, skip);
      if (previous && previous !== current && lastFault)
        pool.notify({ type: "failover", from: previous.name, to: current.name, fault: lastFault });
      lastFault = undefined;
      const { client } = current;
      if (!onPartialOutput) return client.chat.completions.create(body, options);
      const streamed = await streamChatCompletion(client, body, options, onPartialOutput);
      timing = streamed.timing;
      return streamed.completion;
    };
    const classify = (error: unknown): FailedAttempt => {
      const verdict = classifyOpenAiError(error);
      lastFault = current && !signal.aborted ? endpointFault(error, this.retryAfterBudgetMs) : undefined;
      if (current === undefined || lastFault === undefined) return verdict;
      faults.set(current, lastFault);
      return pool.hasAlternative(deployment, new Set(faults.keys())) ? { ...verdict, failover: true } : verdict;
    };
    const result = await retryWithBackoff(attempt, { ...this.retry, classify, signal, deadline: startedAt + request.timeoutMs });
    // retryWithBackoff always makes a first attempt, and every attempt starts by picking an endpoint.
    if (current === undefined) throw new Error(`no endpoint was picked for ${deployment}`);
    const last = current;
    const common = { durationMs: Date.now() - startedAt, attempts: result.attempts, model: request.model };
    const how = { cancelled: request.signal?.aborted ?? false, timedOut: deadline.aborted, timeoutMs: request.timeoutMs };
    pool.settle(deployment, last, faults, result.ok ? "answered" : how);
    if (result.ok) {
      if (result.value.model) this.servedModels.set(deployment, result.value.model);
      const usage = tokenUsage(result.value.usage);
      if (timing) pool.notify({ type: "stream_timed", endpoint: last.name, deployment, timing });
      const choice = result.value.choices[0];
      if (choice?.finish_reason === "content_filter") return { ...completionFiltered(choice), usage, ...common };
      if (choice?.finish_reason === "length")
        return { kind: "truncated", cause: `the answer was cut off at its ${request.maxTokens}-token budget`, usage, ...common };
      if (choice?.message.refusal)
        return { kind: "refused", cause: `the model refused: ${shorten(choice.message.refusal)}`, usage, ...common };
      return { kind: "ok", ...fromChatCompletion(result.value, request), usage, ...common };
    }
    // Where the call ended; when it faulted on several endpoints, each of them is named.
    const where = faults.size > 1 ? [...faults.keys()].map((endpoint) => endpoint.name).join(", ") : last.name;
    const failure = describeFailure(result.error, { provider: this.kind, url: where }, { ...how, attempts: result.attempts });
    return { ...failure, usage: { inputTokens: 0, outputTokens: 0 }, ...common };
  }

  /**
   * The model behind the request's deployment: the one the configuration states, else the one its responses named; an OpenAI-compatible
   * server's model name is the model itself. An Azure deployment's name never counts: it is whatever the customer called it.
   */
  private knownModel(request: ChatRequest): string | undefined {
    return request.baseModel ?? this.servedModels.get(request.model) ?? (this.kind === "openai-compatible" ? request.model : undefined);
  }
}

/**
 * Azure OpenAI: `request.model` is the deployment name; the v1 API unless `apiVersion` names a dated one. Authenticates with the API key
 * when given, else with an Entra ID token from DefaultAzureCredential.
 */
export function createAzureOpenAiChatModel(
  options: { endpoint: string | readonly string[]; apiKey?: string; apiVersion?: string } & RetryBehaviour,
): OpenAiChatModel {
  const auth: AzureV1Auth = options.apiKey
    ? { apiKey: options.apiKey }
    : { token: getBearerTokenProvider(new DefaultAzureCredential(), AZURE_COGNITIVE_SERVICES_SCOPE) };
  const clientFor = (endpoint: string): OpenAI => {
    if (options.apiVersion === undefined) return new AzureV1OpenAI(endpoint, auth);
    return new AzureOpenAI({
      // baseURL (not endpoint) so an OPENAI_BASE_URL in the environment cannot clash with it.
      baseURL: `${endpoint.replace(/\/+$/, "")}/openai`,
      apiVersion: options.apiVersion,
      ...("token" in auth ? { azureADTokenProvider: auth.token } : { apiKey: auth.apiKey }),
      organization: null,
      project: null,
      maxRetries: 0,
    });
  };
  const clients = [options.endpoint].flat().map((endpoint) => ({ name: redactUrl(endpoint), client: clientFor(endpoint) }));
  return new OpenAiChatModel("azure-openai", clients, options);
}

/** Any OpenAI-compatible base URL (OpenAI, OpenRouter, Ollama, vLLM, LM Studio); local servers need no key. */
export function createOpenAiCompatibleChatModel(
  options: { baseUrl: string | readonly string[]; apiKey?: string } & RetryBehaviour,
): OpenAiChatModel {
  // Explicit values throughout, so OPENAI_* variables in the environment never change behaviour.
  const clients = [options.baseUrl].flat().map((baseUrl) => ({
    name: redactUrl(baseUrl),
    client: new OpenAI({ baseURL: baseUrl, apiKey: options.apiKey ?? "not-needed", organization: null, project: null, maxRetries: 0 }),
  }));
  return new OpenAiChatModel("openai-compatible", clients, options);
}
