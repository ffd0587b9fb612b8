/**
 * A scripted OpenAI-compatible chat server on loopback, for integration tests.
 *
 * It serves `POST /v1/chat/completions` (OpenAI-compatible), `POST /openai/v1/chat/completions`
 * (Azure OpenAI's v1 API) and `POST /openai/deployments/:deployment/chat/completions?api-version=…`
 * (Azure OpenAI's dated API). Azure-style streams start as Azure's do: a chunk with no choices and
 * the prompt filter results, then the role chunk. With `rules: "gpt-5"` it refuses what Azure OpenAI
 * refuses on the GPT-5 family (`max_tokens`, `temperature`/`top_p` other than 1) with the service's
 * exact 400s; with `rules: "gpt-4"` it refuses `reasoning_effort`. Replies are
 * scripted PER AGENT, keyed by the `x-agent-id` header every ChatModel request carries, so parallel
 * specialists get their own replies whatever order they arrive in. It fails loudly: a call with no
 * scripted step left (and no fallback), a malformed body or an unknown path gets an error response
 * AND is recorded in `unexpected`; `assertNoUnexpectedCalls()` throws listing them.
 *
 * ```ts
 * const server = new ScriptedModelServer();
 * const { baseUrl, azureEndpoint } = await server.start();   // http://127.0.0.1:<port>/v1, http://127.0.0.1:<port>
 * server
 *   .script("router", { selected: ["contract"], debateMode: "independent", … })    // JSON reply (sent as content)
 *   .script("contract",
 *     { toolCalls: [{ name: "searchContracts", arguments: { query: "Acme" } }] },   // a function call
 *     { status: 429, headers: { "retry-after": "1" } },                              // an HTTP error
 *     { delayMs: 200, then: { summary: "…", details: "", evidence: [], quotes: [], confidence: 0.8 } })
 *   .script("spend", { hang: true })                                                 // never answers until aborted
 *   .fallback("moderator", (body, callIndex) => ({ conclusion: `pass ${callIndex}`, … }));
 * // … run the code under test …
 * server.assertNoUnexpectedCalls();
 * expect(server.callsFor("contract")[1].body.messages.at(-1)).to.include({ role: "tool" });
 * await server.stop();
 * ```
 *
 * A step is one of (matched in this order; a plain object matching none of the special shapes
 * exactly is a JSON reply):
 * - a function `(body, callIndex) => step` (callIndex: 0-based count of this agent's calls);
 * - `{ hang: true }`: holds the request open until the client gives up;
 * - `{ delayMs, then }`: waits, then answers with `then`;
 * - `{ status, headers?, body? }`: that HTTP status (body defaults to an OpenAI-style error);
 * - `{ toolCalls: [{ name, arguments, id? }], content? }`: assistant function calls (`arguments`
 *   as an object or as raw JSON text);
 * - `{ content: "…", finishReason? }`: raw assistant text (e.g. invalid JSON to exercise repair),
 *   optionally cut off (`length`) or stopped by the content filter (`content_filter`);
 * - `{ refusal: "…" }`: a refusal (content null);
 * - `{ promptFiltered: ["jailbreak", …] }`: Azure's content-filter refusal of the prompt (400
 *   `content_filter` / `ResponsibleAIPolicyViolation`), those categories filtered;
 * - `{ sse: [chunk, …] }`: to a streamed request, exactly these server-sent chunks, then `[DONE]`;
 * - any other value: a JSON reply, sent as `JSON.stringify(value)` in the assistant's content.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { LoopbackServer, readBody, safeJson } from "./loopback-http";
import { describeZodError } from "../../src/domain/errors";

// ---------------------------------------------------------------- request bodies

const ToolCallSchema = z.object({
  id: z.string().min(1),
  type: z.literal("function"),
  function: z.object({ name: z.string().min(1), arguments: z.string() }),
});

const MessageSchema = z.discriminatedUnion("role", [
  z.object({ role: z.literal("system"), content: z.string() }),
  z.object({ role: z.literal("developer"), content: z.string() }),
  z.object({ role: z.literal("user"), content: z.union([z.string(), z.array(z.unknown())]) }),
  z.object({
    role: z.literal("assistant"),
    content: z.string().nullable().optional(),
    tool_calls: z.array(ToolCallSchema).min(1).optional(),
  }),
  z.object({ role: z.literal("tool"), content: z.string(), tool_call_id: z.string().min(1) }),
]);

const ResponseFormatSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text") }),
  z.object({ type: z.literal("json_object") }),
  z.object({
    type: z.literal("json_schema"),
    json_schema: z.object({
      name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/),
      strict: z.boolean().optional(),
      schema: z.record(z.unknown()),
    }),
  }),
]);

const ToolSchema = z.object({
  type: z.literal("function"),
  function: z.object({
    name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/),
    description: z.string().optional(),
    parameters: z.record(z.unknown()).optional(),
    strict: z.boolean().optional(),
  }),
});

/** The Chat Completions request body the server accepts (unknown extra fields are kept). */
export const ChatCompletionBodySchema = z
  .object({
    model: z.string().min(1),
    messages: z.array(MessageSchema).min(1),
    temperature: z.number().min(0).max(2).optional(),
    max_tokens: z.number().int().positive().optional(),
    max_completion_tokens: z.number().int().positive().optional(),
    response_format: ResponseFormatSchema.optional(),
    tools: z.array(ToolSchema).min(1).optional(),
    stream: z.boolean().optional(),
    stream_options: z.object({ include_usage: z.boolean().optional() }).optional(),
  })
  .passthrough()
  .superRefine((body, ctx) => {
    // The real API's conversation rule: every tool_call id is answered by one tool message, right after it.
    let open: string[] = [];
    body.messages.forEach((message, index) => {
      if (message.role === "tool") {
        if (!open.includes(message.tool_call_id))
          ctx.addIssue({
            code: "custom",
            path: ["messages", index],
            message: `tool message answers unknown tool_call_id '${message.tool_call_id}'`,
          });
        open = open.filter((id) => id !== message.tool_call_id);
        return;
      }
      if (open.length > 0)
        ctx.addIssue({ code: "custom", path: ["messages", index], message: `tool_call ids not answered: ${open.join(", ")}` });
      open = message.role === "assistant" ? (message.tool_calls ?? []).map((call) => call.id) : [];
    });
    if (open.length > 0) ctx.addIssue({ code: "custom", path: ["messages"], message: `tool_call ids not answered: ${open.join(", ")}` });
  });

/** A parsed, valid request body. */
export type ChatCompletionBody = z.infer<typeof ChatCompletionBodySchema>;

// ---------------------------------------------------------------- script steps

/** A function call the scripted assistant makes. */
export interface ScriptedToolCall {
  name: string;
  arguments: Record<string, unknown> | string;
  id?: string;
}

/** One scripted reply; see the file comment for the shapes. */
export type ScriptStep =
  | ((body: ChatCompletionBody, callIndex: number) => ScriptStep)
  | { hang: true }
  | { delayMs: number; then: ScriptStep }
  | { status: number; headers?: Record<string, string>; body?: unknown }
  | { toolCalls: ScriptedToolCall[]; content?: string }
  | { content: string; finishReason?: FinishReason }
  | { refusal: string }
  | { promptFiltered: ContentFilterCategory[] }
  | { sse: unknown[] }
  | Record<string, unknown>;

const HangStep = z.object({ hang: z.literal(true) }).strict();
const DelayStep = z.object({ delayMs: z.number().nonnegative(), then: z.custom<ScriptStep>((value) => value !== undefined) }).strict();
const StatusStep = z
  .object({ status: z.number().int().min(100).max(599), headers: z.record(z.string()).optional(), body: z.unknown().optional() })
  .strict();
const ToolCallsStep = z
  .object({
    toolCalls: z
      .array(
        z.object({ name: z.string().min(1), arguments: z.union([z.record(z.unknown()), z.string()]), id: z.string().optional() }).strict(),
      )
      .min(1),
    content: z.string().optional(),
  })
  .strict();
/** How a scripted completion ends, besides `stop` and `tool_calls`. */
export type FinishReason = "length" | "content_filter";
/** The categories of Azure OpenAI's content filter. */
export const CONTENT_FILTER_CATEGORIES = ["hate", "jailbreak", "self_harm", "sexual", "violence"] as const;
export type ContentFilterCategory = (typeof CONTENT_FILTER_CATEGORIES)[number];
const ContentStep = z.object({ content: z.string(), finishReason: z.enum(["length", "content_filter"]).optional() }).strict();
const PromptFilteredStep = z.object({ promptFiltered: z.array(z.enum(CONTENT_FILTER_CATEGORIES)).min(1) }).strict();
const RefusalStep = z.object({ refusal: z.string() }).strict();
const SseStep = z.object({ sse: z.array(z.unknown()) }).strict();

/** Token usage reported in each successful reply. */
export interface ScriptedUsage {
  prompt_tokens: number;
  completion_tokens: number;
  /** What a reasoning model reports: how many of the completion tokens it spent thinking. */
  completion_tokens_details?: { reasoning_tokens: number };
  /** What a provider with a prompt cache reports: how many prompt tokens it served from the cache. */
  prompt_tokens_details?: { cached_tokens: number };
}

/** The usage every reply reports unless the server is given another. */
export const DEFAULT_USAGE: ScriptedUsage = { prompt_tokens: 100, completion_tokens: 20 };

// ---------------------------------------------------------------- records

/** One request the server received with a valid body. Times are `process.hrtime` milliseconds. */
export interface RecordedCall {
  /** The `x-agent-id` header ("" when absent). */
  agentId: string;
  /** 0-based index of this call among the agent's calls. */
  callIndex: number;
  path: string;
  query: Record<string, string>;
  /** `body.model`. */
  model: string;
  /** The Azure deployment from the path, for calls to Azure's dated API. */
  deployment?: string;
  /** True for calls to an Azure OpenAI path (v1 or dated): their streams start with the prompt filter results. */
  azure: boolean;
  headers: IncomingHttpHeaders;
  body: ChatCompletionBody;
  startedAt: number;
  /** When the response finished or the client went away; unset while the call is in flight. */
  endedAt?: number;
  /** The HTTP status sent; unset when the client went away first. */
  status?: number;
  /** True when the client closed the connection before an answer was sent. */
  aborted: boolean;
}

/** A request the test did not plan for. */
export interface UnexpectedCall {
  agentId: string;
  path: string;
  reason: string;
  body: unknown;
}

// ---------------------------------------------------------------- server

/** The scripted server; see the file comment. */
export class ScriptedModelServer {
  /** Every call with a valid body, in arrival order. */
  readonly calls: RecordedCall[] = [];
  /** Calls with no step left, malformed bodies, unknown paths. */
  readonly unexpected: UnexpectedCall[] = [];
  private readonly scripts = new Map<string, ScriptStep[]>();
  private readonly fallbacks = new Map<string, ScriptStep>();
  private readonly http = new LoopbackServer((req, res) => this.handle(req, res));
  private nextId = 0;

  /** `usage`: what every reply reports, or a function of the request. */
  constructor(
    private readonly options: {
      usage?: ScriptedUsage | ((body: ChatCompletionBody, agentId: string) => ScriptedUsage);
      /** For `stream: true` requests: the pause between server-sent chunks (default 0). */
      streamChunkDelayMs?: number;
      /** Which family's request rules the server enforces (default: none, every field accepted). */
      rules?: "gpt-5" | "gpt-4";
      /**
       * Azure's asynchronous content filter: each text chunk is followed by an annotation chunk with no
       * `delta` (its verdict and offsets); an answer with `finishReason: "content_filter"` is cut after
       * its first half by a verdict marking `violence` filtered.
       */
      asynchronousFilter?: boolean;
      /** The `model` every response names, as Azure names the model behind a deployment (default: the request's `model`). */
      servedModel?: string;
    } = {},
  ) {}

  /** Appends steps to the agent's script; each call consumes the next one. */
  script(agentId: string, ...steps: ScriptStep[]): this {
    this.scripts.set(agentId, [...(this.scripts.get(agentId) ?? []), ...steps]);
    return this;
  }

  /** The step used for the agent's calls once its script is used up (a function may vary by call). */
  fallback(agentId: string, step: ScriptStep): this {
    this.fallbacks.set(agentId, step);
    return this;
  }

  /** The agent's calls, in arrival order. */
  callsFor(agentId: string): RecordedCall[] {
    return this.calls.filter((call) => call.agentId === agentId);
  }

  /** How many scripted steps the agent has not consumed yet. */
  remaining(agentId: string): number {
    return this.scripts.get(agentId)?.length ?? 0;
  }

  /** Throws, listing them, if any call was unexpected. */
  assertNoUnexpectedCalls(): void {
    if (this.unexpected.length === 0) return;
    const lines = this.unexpected.map((call) => `  - agent '${call.agentId}' ${call.path}: ${call.reason}`);
    throw new Error(`The scripted model server received ${this.unexpected.length} unexpected call(s):\n${lines.join("\n")}`);
  }

  /** Forgets scripts, fallbacks and records, so one server can serve many tests. */
  reset(): void {
    this.scripts.clear();
    this.fallbacks.clear();
    this.calls.length = 0;
    this.unexpected.length = 0;
  }

  /** Listens on a random loopback port. `baseUrl` is for OpenAI-compatible clients, `azureEndpoint` for Azure ones. */
  async start(): Promise<{ baseUrl: string; azureEndpoint: string }> {
    const origin = `http://127.0.0.1:${await this.http.listen()}`;
    return { baseUrl: `${origin}/v1`, azureEndpoint: origin };
  }

  /** Stops listening and drops every connection, including hanging calls. */
  async stop(): Promise<void> {
    await this.http.stop();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const startedAt = hrtimeMs();
    const agentId = headerValue(req.headers["x-agent-id"]);
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const text = await readBody(req);
    const route = matchRoute(req.method ?? "", url);
    if (!route) {
      this.reject(res, 404, { agentId, path: url.pathname, reason: `no route for ${req.method} ${url.pathname}`, body: text });
      return;
    }
    if (route.azure === "dated" && !url.searchParams.get("api-version")) {
      this.reject(res, 400, { agentId, path: url.pathname, reason: "Azure call without api-version", body: text });
      return;
    }
    const parsed = ChatCompletionBodySchema.safeParse(safeJson(text));
    if (!parsed.success) {
      const reason = `malformed body: ${describeZodError(parsed.error)}`;
      this.reject(res, 400, { agentId, path: url.pathname, reason, body: safeJson(text) ?? text });
      return;
    }
    const refusal = this.options.rules ? refusedByRules(this.options.rules, parsed.data) : undefined;
    const call: RecordedCall = {
      azure: route.azure !== undefined,
      agentId,
      callIndex: this.callsFor(agentId).length,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      model: parsed.data.model,
      deployment: route.deployment,
      headers: req.headers,
      body: parsed.data,
      startedAt,
      aborted: false,
    };
    this.calls.push(call);
    res.on("close", () => {
      call.endedAt = hrtimeMs();
      call.aborted = !res.writableFinished;
    });
    if (refusal) {
      // What the service answers; the test planned for it only if it asserts on `refusedByRules`.
      this.unexpected.push({
        agentId,
        path: url.pathname,
        reason: `refused by ${this.options.rules} rules: ${refusal.error.message}`,
        body: parsed.data,
      });
      this.respond(res, call, { status: 400, body: refusal });
      return;
    }
    const step = this.scripts.get(agentId)?.shift() ?? this.fallbacks.get(agentId);
    if (step === undefined) {
      this.unexpected.push({ agentId, path: url.pathname, reason: `no scripted reply left (call ${call.callIndex})`, body: parsed.data });
      this.respond(res, call, { status: 500, body: errorBody(`no scripted reply for agent '${agentId}'`, "server_error") });
      return;
    }
    await this.play(step, res, call);
  }

  /** Answers one step, resolving functions and delays; writes nothing once the client has gone. */
  private async play(step: ScriptStep, res: ServerResponse, call: RecordedCall): Promise<void> {
    if (typeof step === "function") return this.play(step(call.body, call.callIndex), res, call);
    if (HangStep.safeParse(step).success) return;
    const delayed = DelayStep.safeParse(step);
    if (delayed.success) {
      await this.http.pause(delayed.data.delayMs);
      return this.play(delayed.data.then, res, call);
    }
    const status = StatusStep.safeParse(step);
    if (status.success) {
      const { status: code, headers, body } = status.data;
      this.respond(res, call, {
        status: code,
        headers,
        body: body ?? errorBody(`scripted status ${code}`, code === 429 ? "rate_limit_exceeded" : "server_error"),
      });
      return;
    }
    const filtered = PromptFilteredStep.safeParse(step);
    if (filtered.success) {
      this.respond(res, call, { status: 400, body: promptFilteredBody(filtered.data.promptFiltered) });
      return;
    }
    const sse = SseStep.safeParse(step);
    if (sse.success) return this.sendEvents(res, call, sse.data.sse);
    const completion = this.completion(step, call);
    if (call.body.stream) return this.streamCompletion(res, call, completion);
    this.respond(res, call, { status: 200, body: completion });
  }

  /**
   * Sends a completion the way the API streams it: server-sent `chat.completion.chunk` events (the
   * content in several deltas, tool calls whole), then usage when asked for, then `[DONE]`.
   */
  private async streamCompletion(
    res: ServerResponse,
    call: RecordedCall,
    completion: ReturnType<ScriptedModelServer["completion"]>,
  ): Promise<void> {
    const { message, finish_reason } = completion.choices[0];
    const chunk = (delta: Record<string, unknown>, finishReason: string | null = null, usage?: unknown) => ({
      id: completion.id,
      object: "chat.completion.chunk",
      created: completion.created,
      model: completion.model,
      choices: usage ? [] : [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...(usage ? { usage } : {}),
    });
    const content = message.content ?? "";
    const filterCut = this.options.asynchronousFilter === true && finish_reason === "content_filter";
    const allPieces = content ? splitInto(content, 8) : [];
    const pieces = filterCut ? allPieces.slice(0, Math.ceil(allPieces.length / 2)) : allPieces;
    // The asynchronous filter's annotation: no delta, the verdict on the text up to `end_offset`.
    let sent = 0;
    const annotation = (piece: string, filtered: boolean) => ({
      ...chunk({}),
      choices: [
        {
          index: 0,
          finish_reason: null,
          content_filter_results: filterResults(filtered ? ["violence"] : []),
          content_filter_offsets: { check_offset: 0, start_offset: sent, end_offset: (sent += piece.length) },
        },
      ],
    });
    const textChunks = pieces.flatMap((piece) =>
      this.options.asynchronousFilter ? [chunk({ content: piece }), annotation(piece, false)] : [chunk({ content: piece })],
    );
    // Azure's first chunk carries no choice, only the prompt's filter results.
    const azureFirst = {
      id: "",
      object: "",
      created: 0,
      model: "",
      choices: [],
      prompt_filter_results: [{ prompt_index: 0, content_filter_results: {} }],
    };
    const events = [
      ...(call.azure ? [azureFirst] : []),
      chunk({ role: "assistant", content: "" }),
      ...textChunks,
      ...(filterCut ? [annotation("", true)] : []),
      ...(message.tool_calls ? [chunk({ tool_calls: message.tool_calls.map((toolCall, index) => ({ index, ...toolCall })) })] : []),
      ...(message.refusal ? [chunk({ refusal: message.refusal })] : []),
      chunk({}, finish_reason),
      ...(call.body.stream_options?.include_usage ? [chunk({}, null, completion.usage)] : []),
    ];
    await this.sendEvents(res, call, events);
  }

  /** Server-sent events, one a chunk, then `[DONE]`; stops when the client has gone. */
  private async sendEvents(res: ServerResponse, call: RecordedCall, events: readonly unknown[]): Promise<void> {
    call.status = 200;
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    for (const event of events) {
      if (res.destroyed) return;
      res.write(`data: ${JSON.stringify(event)}\n\n`);
      if (this.options.streamChunkDelayMs) await new Promise((resolve) => setTimeout(resolve, this.options.streamChunkDelayMs));
    }
    if (!res.destroyed) res.end("data: [DONE]\n\n");
  }

  private completion(step: ScriptStep, call: RecordedCall) {
    const tools = ToolCallsStep.safeParse(step);
    const refusal = RefusalStep.safeParse(step);
    const content = ContentStep.safeParse(step);
    const message = tools.success
      ? {
          role: "assistant",
          content: tools.data.content ?? null,
          refusal: null,
          tool_calls: tools.data.toolCalls.map((toolCall, index) => ({
            id: toolCall.id ?? `call_${call.agentId}_${call.callIndex}_${index}`,
            type: "function",
            function: {
              name: toolCall.name,
              arguments: typeof toolCall.arguments === "string" ? toolCall.arguments : JSON.stringify(toolCall.arguments),
            },
          })),
        }
      : refusal.success
        ? { role: "assistant", content: null, refusal: refusal.data.refusal }
        : { role: "assistant", content: content.success ? content.data.content : JSON.stringify(step), refusal: null };
    const usage =
      typeof this.options.usage === "function" ? this.options.usage(call.body, call.agentId) : (this.options.usage ?? DEFAULT_USAGE);
    return {
      id: `chatcmpl-scripted-${++this.nextId}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: this.options.servedModel ?? call.model,
      system_fingerprint: null,
      choices: [
        {
          index: 0,
          message: message as CompletionMessage,
          logprobs: null,
          finish_reason: tools.success ? "tool_calls" : content.success ? (content.data.finishReason ?? "stop") : "stop",
        },
      ],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    };
  }

  private reject(res: ServerResponse, status: number, unexpected: UnexpectedCall): void {
    this.unexpected.push(unexpected);
    this.respond(res, undefined, { status, body: errorBody(unexpected.reason, "invalid_request_error") });
  }

  private respond(
    res: ServerResponse,
    call: RecordedCall | undefined,
    reply: { status: number; headers?: Record<string, string>; body: unknown },
  ): void {
    if (res.destroyed || res.writableEnded) return;
    if (call) call.status = reply.status;
    res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
    res.end(JSON.stringify(reply.body));
  }
}

function matchRoute(method: string, url: URL): { deployment?: string; azure?: "v1" | "dated" } | undefined {
  if (method !== "POST") return undefined;
  if (url.pathname === "/v1/chat/completions") return {};
  if (url.pathname === "/openai/v1/chat/completions") return { azure: "v1" };
  const azure = /^\/openai\/deployments\/([^/]+)\/chat\/completions$/.exec(url.pathname);
  return azure ? { deployment: decodeURIComponent(azure[1]), azure: "dated" } : undefined;
}

/**
 * Why a request breaks the family's rules, in the service's exact 400 body, or undefined. GPT-5
 * family (as from GPT-5.1 on): no `max_tokens`, no `temperature`/`top_p` but 1, no `minimal` effort.
 * GPT-4 family: no `reasoning_effort`.
 */
export function refusedByRules(
  rules: "gpt-5" | "gpt-4",
  body: ChatCompletionBody,
): { error: { message: string; type: string; param: string; code: string } } | undefined {
  const fields = body as Record<string, unknown>;
  const refuse = (param: string, code: string, message: string) => ({ error: { message, type: "invalid_request_error", param, code } });
  if (rules === "gpt-4")
    return fields.reasoning_effort === undefined
      ? undefined
      : refuse("reasoning_effort", "unsupported_parameter", "Unsupported parameter: 'reasoning_effort' is not supported with this model.");
  if (fields.max_tokens !== undefined)
    return refuse(
      "max_tokens",
      "unsupported_parameter",
      "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
    );
  if (fields.reasoning_effort === "minimal")
    return refuse(
      "reasoning_effort",
      "unsupported_value",
      "Unsupported value: 'minimal' is not supported with this model. Supported values are: 'none', 'low', 'medium', 'high', and 'xhigh'.",
    );
  for (const param of ["temperature", "top_p"]) {
    const value = fields[param];
    if (value !== undefined && value !== 1)
      return refuse(
        param,
        "unsupported_value",
        `Unsupported value: '${param}' does not support ${String(value)} with this model. Only the default (1) value is supported.`,
      );
  }
  return undefined;
}

/** Azure OpenAI's verdict per category, with `filtered` categories filtered. */
function filterResults(filtered: readonly ContentFilterCategory[]): Record<string, unknown> {
  return Object.fromEntries(
    CONTENT_FILTER_CATEGORIES.map((category) => [
      category,
      category === "jailbreak"
        ? { filtered: filtered.includes(category), detected: filtered.includes(category) }
        : { filtered: filtered.includes(category), severity: filtered.includes(category) ? "high" : "safe" },
    ]),
  );
}

/** Azure OpenAI's refusal of a prompt by its content filter, with `filtered` categories filtered. */
export function promptFilteredBody(filtered: readonly ContentFilterCategory[]): unknown {
  const result = filterResults(filtered);
  return {
    error: {
      message:
        "The response was filtered due to the prompt triggering Azure OpenAI's content management policy. Please modify your prompt and retry. To learn more about our content filtering policies please read our documentation: https://go.microsoft.com/fwlink/?linkid=2198766",
      type: null,
      param: "prompt",
      code: "content_filter",
      status: 400,
      innererror: { code: "ResponsibleAIPolicyViolation", content_filter_result: result },
    },
  };
}

function errorBody(message: string, type: string): unknown {
  return { error: { message, type, param: null, code: null } };
}

function headerValue(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/** The assistant message of a scripted completion. */
interface CompletionMessage {
  role: "assistant";
  content: string | null;
  refusal: string | null;
  tool_calls?: { id: string; type: "function"; function: { name: string; arguments: string } }[];
}

/** A text cut into about `count` consecutive pieces (by characters, so multi-byte text splits cleanly). */
function splitInto(text: string, count: number): string[] {
  const characters = Array.from(text);
  const size = Math.max(1, Math.ceil(characters.length / count));
  const pieces: string[] = [];
  for (let i = 0; i < characters.length; i += size) pieces.push(characters.slice(i, i + size).join(""));
  return pieces;
}

function hrtimeMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
