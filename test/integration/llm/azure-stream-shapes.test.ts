import assert from "node:assert/strict";
import { ModeratorAnswerSchema } from "../../../src/domain";
import type { EndpointEvent } from "../../../src/llm/endpoint-pool";
import { createAzureOpenAiChatModel } from "../../../src/llm/openai-chat-model";
import type { ChatRequest } from "../../../src/workflow/ports";
import { ScriptedModelServer } from "../../fakes/scripted-model-server";
import { chatRequest, conclusionCollector, moderatorReply } from "../../fakes/scripted-replies";

const answer = moderatorReply({
  conclusion: "No: the contract caps yearly increases at 5%, so +8% needs an amendment. 上限は年5%です。",
  qscore: 86,
});
const answerText = JSON.stringify(answer);

function moderatorRequest(onPartialOutput: (partial: unknown) => void = () => undefined): ChatRequest {
  return chatRequest({
    agentId: "moderator",
    model: "moderator-prod",
    messages: [{ role: "user", content: "Merge the findings." }],
    output: { name: "moderator_answer", schema: ModeratorAnswerSchema },
    onPartialOutput,
  });
}

const safe = { hate: { filtered: false, severity: "safe" }, violence: { filtered: false, severity: "safe" } };
const base = { id: "chatcmpl-1", object: "chat.completion.chunk", created: 1, model: "gpt-5.4-2026-03-05" };
const text = (content: string, extra: Record<string, unknown> = {}) => ({
  ...base,
  choices: [{ index: 0, delta: { content }, finish_reason: null, ...extra }],
});
const halves = [answerText.slice(0, 40), answerText.slice(40)];

describe("the stream reader takes every chunk Azure OpenAI sends", () => {
  const usage = { prompt_tokens: 1200, completion_tokens: 90 };
  let server = new ScriptedModelServer({ usage });
  let endpoint = "";
  beforeEach(async () => ({ azureEndpoint: endpoint } = await server.start()));
  afterEach(() => server.stop());
  const model = () =>
    createAzureOpenAiChatModel({
      endpoint,
      apiKey: "k",
      retry: { maxRetries: 1, initialMs: 10, multiplier: 2, maxMs: 50 },
      random: () => 0,
    });

  it("reads the asynchronous filter's annotation chunks, which carry no delta, and streams the answer through them", async () => {
    await server.stop();
    server = new ScriptedModelServer({ usage, asynchronousFilter: true });
    ({ azureEndpoint: endpoint } = await server.start());
    server.script("moderator", answer);
    const { conclusions, onPartialOutput } = conclusionCollector();
    const outcome = await model().complete(moderatorRequest(onPartialOutput));
    assert.equal(outcome.kind, "ok", outcome.kind === "ok" ? "" : outcome.cause);
    assert.deepEqual(JSON.parse(outcome.content), answer);
    assert.deepEqual(outcome.usage, { inputTokens: 1200, outputTokens: 90 });
    assert.equal(outcome.attempts, 1, "no retry");
    assert.ok(conclusions.length >= 2 && conclusions.at(-1) === answer.conclusion, "partials arrive and end with the whole conclusion");
  });

  it("stops at the asynchronous filter's verdict in the middle of the answer, naming the category", async () => {
    await server.stop();
    server = new ScriptedModelServer({ usage, asynchronousFilter: true });
    ({ azureEndpoint: endpoint } = await server.start());
    server.script("moderator", { content: answerText, finishReason: "content_filter" });
    const outcome = await model().complete(moderatorRequest());
    assert.equal(outcome.kind, "content_filter");
    assert.deepEqual(outcome.kind === "content_filter" && outcome.filter, { source: "completion", categories: ["violence"] });
  });

  it("reads empty choices before, between and after the text, and usage in a chunk of its own", async () => {
    server.script("moderator", {
      sse: [
        { ...base, model: "", choices: [], prompt_filter_results: [{ prompt_index: 0, content_filter_results: safe }] },
        { ...base, choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] },
        text(halves[0]),
        { ...base, choices: [] },
        text(halves[1]),
        { ...base, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
        { ...base, choices: [], usage: { ...usage, total_tokens: 1290 } },
      ],
    });
    const outcome = await model().complete(moderatorRequest());
    assert.equal(outcome.kind, "ok", outcome.kind === "ok" ? "" : outcome.cause);
    assert.deepEqual(JSON.parse(outcome.content), answer);
    assert.deepEqual(outcome.usage, { inputTokens: 1200, outputTokens: 90 });
  });

  it("reads filter results that arrive with the text and in chunks without a delta mid-stream", async () => {
    server.script("moderator", {
      sse: [
        text(halves[0], { content_filter_results: safe }),
        { ...base, choices: [{ index: 0, finish_reason: null, content_filter_results: safe, content_filter_offsets: { end_offset: 40 } }] },
        text(halves[1]),
        { ...base, choices: [{ index: 0, delta: null, finish_reason: "stop", content_filter_results: safe }] },
      ],
    });
    const outcome = await model().complete(moderatorRequest());
    assert.equal(outcome.kind, "ok", outcome.kind === "ok" ? "" : outcome.cause);
    assert.deepEqual(JSON.parse(outcome.content), answer);
  });

  it("reports each streamed answer's timing per deployment and model: first text, speed, tokens per chunk", async () => {
    server.script("moderator", {
      sse: [
        { ...base, choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] },
        text(halves[0]),
        text(halves[1]),
        { ...base, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
        {
          ...base,
          choices: [],
          usage: { prompt_tokens: 1200, completion_tokens: 90, completion_tokens_details: { reasoning_tokens: 30 } },
        },
      ],
    });
    const events: EndpointEvent[] = [];
    const timed = createAzureOpenAiChatModel({
      endpoint,
      apiKey: "k",
      retry: { maxRetries: 0, initialMs: 10, multiplier: 2, maxMs: 50 },
      onEndpointEvent: (event) => events.push(event),
    });
    assert.equal((await timed.complete(moderatorRequest())).kind, "ok");
    const [event] = events;
    assert.ok(event?.type === "stream_timed", "one timing event");
    assert.equal(event.deployment, "moderator-prod");
    const { firstTextMs, tokensPerSecond, ...counts } = event.timing;
    assert.deepEqual(counts, { model: "gpt-5.4-2026-03-05", reasoningEffort: "", chunkTokens: 30, outputTokens: 60, reasoningTokens: 30 });
    assert.ok(firstTextMs >= 0 && (tokensPerSecond === undefined || tokensPerSecond > 0));
  });

  it("says the answer was cut when the stream ends before a finish reason, instead of passing on half an answer", async () => {
    server.script("moderator", { sse: [text(halves[0])] }, { sse: [text(halves[0])] });
    const outcome = await model().complete(moderatorRequest());
    assert.notEqual(outcome.kind, "ok");
    assert.match(outcome.kind === "ok" ? "" : outcome.cause, /stream ended before the answer did/);
  });
});
