/**
 * A latency-simulating OpenAI-compatible chat server on loopback, for the bench and the fault suites.
 *
 * Every agent gets a VALID reply (the offline engine answers the request, see
 * bench/sim/offline-replies.ts), delivered after a realistic delay: a lognormal time to first token,
 * the reasoning at the requested effort, then the output tokens at the model's speed, streamed text
 * released as the content filter's mode releases it (each model's published figures:
 * bench/sim/model-profiles.json, through bench/sim/latency.ts), seeded per question, agent and call
 * so runs are reproducible. Each call also records its planned times on the model's clock
 * (`plannedMs`, each chunk's `plannedAt`): what a bench reports, because a loaded machine's timers
 * fire late and the simulator's own work takes longer, which dividing by the time scale would
 * multiply into the figures. Faults are injected per call (`fault`): an HTTP status (429 with
 * Retry-After, 500…), a hang, or replacement content (invalid output). Every call is logged with its
 * start and end (`calls`), and a streamed reply with its content and when each chunk was written, so
 * the model critical path of a run, and when streamed text was generated on it, can be computed from
 * the simulator's own log (bench/critical-path.ts).
 *
 * ```ts
 * const server = new LatencyModelServer({ replies: await OfflineReplies.create(data), timeScale: 0.1 });
 * const { baseUrl } = await server.start();
 * server.fault = (call) => (call.agentId === "spend" ? { kind: "status", status: 500 } : undefined);
 * ```
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { StreamedChunk } from "../../bench/critical-path";
import {
  MODEL_PROFILES,
  callRandom,
  estimateTokens,
  hedgedTtftMs,
  latencyProfileOf,
  replySchedule,
  sampleTtftMs,
  ttftQuantileMs,
  type ContentFilterMode,
  type LatencyProfile,
  type ModelProfiles,
} from "../../bench/sim/latency";
import { agentInputOf, type OfflineReplies } from "../../bench/sim/offline-replies";
import { describeZodError } from "../../src/domain/errors";
import type { Prng } from "../../src/tools/sample-data/prng";
import { ChatCompletionBodySchema, type ChatCompletionBody } from "./scripted-model-server";
import { LoopbackServer, readBody, safeJson } from "./loopback-http";

/** One call the simulator received. Times are the simulator's `performance.now()` milliseconds. */
export interface SimulatedCall {
  seq: number;
  agentId: string;
  model: string;
  /** The question the agent input carries ("" when there is none). */
  question: string;
  /** 0-based index of this call among the calls with the same question and agent. */
  callIndex: number;
  startedAt: number;
  endedAt?: number;
  /** How long the call takes on the model's clock (ms at the time scale), whatever the machine's timers did. */
  plannedMs?: number;
  status?: number;
  /** The client went away before the answer was sent (cancelled or timed out). */
  aborted: boolean;
  inputTokens: number;
  outputTokens: number;
  /** Tokens the simulated model reasoned before answering (reported as part of the output, as the service does). */
  reasoningTokens: number;
  /** A second request was sent to another deployment (see `hedgeQuantile`): its prompt was paid too. */
  hedged?: boolean;
  /** What was injected, if anything (e.g. "429", "hang", "content"). */
  fault?: string;
  /** A streamed reply's whole content, and its chunks as they were written. */
  content?: string;
  chunks?: StreamedChunk[];
}

/** A fault to inject into one call. */
export type Fault =
  | { kind: "status"; status: number; retryAfterSeconds?: number }
  | { kind: "hang" }
  /** The normal timing, but this content instead of the valid reply. */
  | { kind: "content"; content: string };

/** Options of the simulator. */
export interface LatencyModelServerOptions {
  replies: OfflineReplies;
  seed?: number;
  /** Multiplies every simulated delay (0.2 = five times faster). Default 1. */
  timeScale?: number;
  /**
   * Every call takes exactly this long (before time scaling), whatever its model and length: for load
   * scenarios where model time must not vary ("model calls of 1 s"). Unset: each model's profile.
   */
  fixedCallMs?: number;
  /** Sees every valid request body as it arrives (e.g. to record prompts as sent). */
  onRequest?: (agentId: string, body: ChatCompletionBody) => void;
  /** Each model's speeds (default: bench/sim/model-profiles.json). */
  profiles?: ModelProfiles;
  /** How the content filter releases streamed text (default: `default`, buffered chunks). */
  contentFilter?: ContentFilterMode;
  /** Hedged requests: a call with no first token by this quantile of its profile's time to first token is sent again (unset: none). */
  hedgeQuantile?: number;
}

/** How long an injected HTTP error takes to come back, before time scaling. */
const ERROR_REPLY_MS = 40;

/** The simulator; see the file comment. */
export class LatencyModelServer {
  /** Every call with a valid body, in arrival order. */
  readonly calls: SimulatedCall[] = [];
  /** Requests the simulator could not answer (malformed bodies, unknown paths, engine errors). */
  readonly unexpected: string[] = [];
  /** Decides, per call, whether to inject a fault (set and change it at any time). */
  fault: (call: SimulatedCall) => Fault | undefined = () => undefined;
  private readonly http = new LoopbackServer((req, res) => this.handle(req, res));
  private nextId = 0;

  constructor(private readonly options: LatencyModelServerOptions) {}

  /** Listens on loopback (`port` 0 = any free port); `baseUrl` is for OpenAI-compatible clients. */
  async start(port = 0): Promise<{ baseUrl: string; port: number }> {
    const actual = await this.http.listen(port);
    return { baseUrl: `http://127.0.0.1:${actual}/v1`, port: actual };
  }

  /** Stops listening and drops every connection, including hanging calls. */
  async stop(): Promise<void> {
    await this.http.stop();
  }

  /** Forgets the call log. */
  reset(): void {
    this.calls.length = 0;
    this.unexpected.length = 0;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const startedAt = performance.now();
    const text = await readBody(req);
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    if (req.method !== "POST" || path !== "/v1/chat/completions") {
      this.refuse(res, 404, `no route for ${req.method} ${path}`);
      return;
    }
    const parsed = ChatCompletionBodySchema.safeParse(safeJson(text));
    if (!parsed.success) {
      this.refuse(res, 400, `malformed body: ${describeZodError(parsed.error)}`);
      return;
    }
    const body = parsed.data;
    const agentId = String(req.headers["x-agent-id"] ?? "");
    this.options.onRequest?.(agentId, body);
    const asked = agentInputOf(body)?.question;
    const question = typeof asked === "string" ? asked : "";
    const call: SimulatedCall = {
      seq: this.calls.length,
      agentId,
      model: body.model,
      question,
      callIndex: this.calls.filter((c) => c.question === question && c.agentId === agentId).length,
      startedAt,
      aborted: false,
      inputTokens: estimateTokens(body.messages.map((m) => (typeof m.content === "string" ? m.content : "")).join("\n")),
      outputTokens: 0,
      reasoningTokens: 0,
    };
    this.calls.push(call);
    res.on("close", () => {
      call.endedAt = performance.now();
      call.aborted = !res.writableFinished;
    });
    const fault = this.fault(call);
    if (fault) call.fault = fault.kind === "status" ? String(fault.status) : fault.kind;
    if (fault?.kind === "hang") return;
    if (fault?.kind === "status") {
      call.plannedMs = ERROR_REPLY_MS * this.timeScale;
      await this.sleepUntil(startedAt + call.plannedMs);
      const headers: Record<string, string> =
        fault.retryAfterSeconds === undefined ? {} : { "retry-after": String(fault.retryAfterSeconds) };
      respond(
        res,
        call,
        fault.status,
        { error: { message: `simulated ${fault.status}`, type: fault.status === 429 ? "rate_limit_exceeded" : "server_error" } },
        headers,
      );
      return;
    }
    const reply = await this.options.replies.reply(agentId, body);
    if (reply.kind === "error") {
      call.plannedMs = 0;
      this.unexpected.push(`agent '${agentId}': ${reply.cause}`);
      respond(res, call, 500, { error: { message: reply.cause, type: "server_error" } });
      return;
    }
    const content = fault?.kind === "content" ? fault.content : reply.content;
    const toolCalls = fault?.kind === "content" ? [] : reply.toolCalls;
    const generated = estimateTokens(content) + toolCalls.reduce((sum, c) => sum + 8 + estimateTokens(c.name + c.arguments), 0);
    call.outputTokens = Math.min(generated, body.max_tokens ?? body.max_completion_tokens ?? generated);
    const random = callRandom(this.options.seed ?? 7, `${question}|${agentId}|${call.callIndex}`);
    const profile = latencyProfileOf(
      body.model,
      (body as { reasoning_effort?: string }).reasoning_effort,
      this.options.profiles ?? MODEL_PROFILES,
    );
    call.reasoningTokens = profile.reasoningTokens;
    const fixed = this.options.fixedCallMs;
    const schedule =
      fixed === undefined
        ? replySchedule(profile, call.outputTokens, this.firstTokenMs(call, profile, random), this.options.contentFilter ?? "default")
        : { releases: [{ atMs: fixed, tokens: call.outputTokens }], endMs: fixed };
    call.plannedMs = schedule.endMs * this.timeScale;
    if (body.stream && toolCalls.length === 0) return this.streamReply(res, call, body, content, schedule.releases);
    await this.sleepUntil(startedAt + call.plannedMs);
    respond(res, call, 200, this.completion(body, call, content, toolCalls));
  }

  /**
   * A `stream: true` reply as the API sends it: server-sent chunks, each when the schedule releases
   * its tokens (the text cut in proportion to the tokens), then the finish and the usage.
   */
  private async streamReply(
    res: ServerResponse,
    call: SimulatedCall,
    body: ChatCompletionBody,
    content: string,
    releases: readonly { atMs: number; tokens: number }[],
  ): Promise<void> {
    const id = `chatcmpl-sim-${++this.nextId}`;
    const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) => ({
      id,
      object: "chat.completion.chunk",
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    });
    const start = call.startedAt;
    await this.sleepUntil(start + (releases[0]?.atMs ?? 0) * this.timeScale);
    if (res.destroyed) return;
    call.status = 200;
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const write = (event: unknown) => !res.destroyed && res.write(`data: ${JSON.stringify(event)}\n\n`);
    write(chunk({ role: "assistant", content: "" }));
    call.content = content;
    call.chunks = [];
    const total = releases.reduce((sum, release) => sum + release.tokens, 0);
    let tokens = 0;
    let at = 0;
    for (const release of releases) {
      tokens += release.tokens;
      const end = tokens >= total ? content.length : Math.round((content.length * tokens) / total);
      if (end <= at) continue;
      const plannedAt = release.atMs * this.timeScale;
      await this.sleepUntil(start + plannedAt);
      write(chunk({ content: content.slice(at, end) }));
      call.chunks.push({ writtenAt: performance.now(), plannedAt, endOffset: end });
      at = end;
    }
    write(chunk({}, "stop"));
    if (body.stream_options?.include_usage)
      write({
        id,
        object: "chat.completion.chunk",
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [],
        usage: usageOf(call),
      });
    if (!res.destroyed) res.end("data: [DONE]\n\n");
  }

  private completion(
    body: ChatCompletionBody,
    call: SimulatedCall,
    content: string,
    toolCalls: { id: string; name: string; arguments: string }[],
  ) {
    const message = toolCalls.length
      ? {
          role: "assistant",
          content: content || null,
          refusal: null,
          tool_calls: toolCalls.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: c.arguments } })),
        }
      : { role: "assistant", content, refusal: null };
    return {
      id: `chatcmpl-sim-${++this.nextId}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message, logprobs: null, finish_reason: toolCalls.length ? "tool_calls" : "stop" }],
      usage: usageOf(call),
    };
  }

  /** The call's drawn time to first token, or the earlier of it and its hedge's (drawn apart: another deployment). */
  private firstTokenMs(call: SimulatedCall, profile: LatencyProfile, random: Prng): number {
    const first = sampleTtftMs(profile, random);
    const quantile = this.options.hedgeQuantile;
    if (quantile === undefined) return first;
    const hedge = hedgedTtftMs(first, ttftQuantileMs(profile, quantile), () =>
      sampleTtftMs(profile, callRandom(this.options.seed ?? 7, `${call.question}|${call.agentId}|${call.callIndex}|hedge`)),
    );
    call.hedged = hedge.hedged;
    return hedge.ttftMs;
  }

  private get timeScale(): number {
    return this.options.timeScale ?? 1;
  }

  private sleepUntil(at: number): Promise<void> {
    const ms = at - performance.now();
    if (ms <= 0) return Promise.resolve();
    return this.http.pause(ms);
  }

  private refuse(res: ServerResponse, status: number, reason: string): void {
    this.unexpected.push(reason);
    send(res, status, { error: { message: reason, type: "invalid_request_error" } });
  }
}

function respond(res: ServerResponse, call: SimulatedCall, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed || res.writableEnded) return;
  call.status = status;
  send(res, status, body, headers);
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

/** A call's usage as the service reports it: reasoning tokens count as completion tokens, and are detailed. */
function usageOf(call: SimulatedCall) {
  const completion = call.outputTokens + call.reasoningTokens;
  return {
    prompt_tokens: call.inputTokens,
    completion_tokens: completion,
    total_tokens: call.inputTokens + completion,
    completion_tokens_details: { reasoning_tokens: call.reasoningTokens },
  };
}
