import assert from "node:assert/strict";
import { createServer, type AddressInfo } from "node:net";
import { z } from "zod";
import { FindingOutputSchema } from "../../../src/domain";
import { createAzureOpenAiChatModel, createOpenAiCompatibleChatModel } from "../../../src/llm/openai-chat-model";
import { MODEL_CALL_RETRY, type RetryPolicy, type Sleep } from "../../../src/resilience";
import { callStructured } from "../../../src/workflow/structured-call";
import type { ChatRequest, ToolSpec } from "../../../src/workflow/ports";
import { chatRequest, RENEWAL_QUESTION } from "../../fakes/scripted-replies";
import { ScriptedModelServer } from "../../fakes/scripted-model-server";

const FAST_RETRY: RetryPolicy = { maxRetries: 2, initialMs: 10, multiplier: 2, maxMs: 200 };

const finding = {
  summary: "Renewal at +8% exceeds the 5% cap",
  details: "CTR-0012 caps increases at 5%.",
  evidence: [],
  quotes: [],
  confidence: 0.8,
};

const searchContracts: ToolSpec = {
  name: "searchContracts",
  description: "Search contracts by free text, optionally for one supplier.",
  parameters: z.object({ query: z.string().describe("free text"), supplier: z.string().optional() }),
};

function request(overrides: Partial<ChatRequest> = {}): ChatRequest {
  return chatRequest({
    messages: [
      { role: "system", content: "You are the contract specialist." },
      { role: "user", content: RENEWAL_QUESTION },
    ],
    ...overrides,
  });
}

/** A sleep that records the waits the policy asked for and returns at once. */
function recordingSleep(): { sleep: Sleep; waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}

describe("OpenAiChatModel against the scripted server", function () {
  const server = new ScriptedModelServer();
  let baseUrl = "";
  let azureEndpoint = "";

  before(async () => ({ baseUrl, azureEndpoint } = await server.start()));
  after(() => server.stop());
  beforeEach(() => server.reset());

  const model = (overrides: { sleep?: Sleep; retry?: RetryPolicy } = {}) =>
    createOpenAiCompatibleChatModel({ baseUrl, apiKey: "sk-test", retry: FAST_RETRY, random: () => 0, ...overrides });

  it("asks for strict structured output shaped like the zod schema, with x-agent-id, and returns content and usage", async () => {
    server.script("contract", finding);
    const outcome = await model().complete(request({ output: { name: "finding", schema: FindingOutputSchema } }));

    assert.equal(outcome.kind, "ok");
    assert.ok(outcome.kind === "ok");
    assert.deepEqual(JSON.parse(outcome.content), finding);
    assert.deepEqual(outcome.toolCalls, []);
    assert.deepEqual(outcome.usage, { inputTokens: 100, outputTokens: 20 });
    assert.equal(outcome.attempts, 1);
    assert.equal(outcome.model, "gpt-4o");
    assert.ok(outcome.durationMs >= 0 && outcome.durationMs < 5000);

    const [call] = server.calls;
    assert.equal(call.headers["x-agent-id"], "contract");
    assert.equal(call.headers.authorization, "Bearer sk-test");
    assert.equal(call.path, "/v1/chat/completions");
    assert.equal(call.body.model, "gpt-4o");
    // gpt-4o follows the GPT-4 family's rules: a temperature, and the budget as max_completion_tokens.
    assert.equal(call.body.temperature, 0.2);
    assert.equal(call.body.max_completion_tokens, 800);
    assert.equal(call.body.max_tokens, undefined);
    assert.deepEqual(
      call.body.messages.map((message) => message.role),
      ["system", "user"],
    );
    const format = call.body.response_format;
    assert.ok(format?.type === "json_schema");
    assert.equal(format.json_schema.name, "finding");
    assert.equal(format.json_schema.strict, true);
    const schema = format.json_schema.schema as {
      type: string;
      required: string[];
      additionalProperties: boolean;
      properties: Record<string, unknown>;
    };
    assert.equal(schema.type, "object");
    assert.equal(schema.additionalProperties, false);
    assert.deepEqual(schema.required, ["summary", "details", "evidence", "quotes", "confidence"]);
    assert.deepEqual(schema.properties.confidence, { type: "number", description: "(minimum: 0, maximum: 1)" });
    assert.equal(call.body.tools, undefined);
    server.assertNoUnexpectedCalls();
  });

  it("round-trips a tool call: strict function tools out, tool_calls back, assistant + tool messages with matching ids", async () => {
    server.script(
      "contract",
      { toolCalls: [{ id: "call_42", name: "searchContracts", arguments: { query: "Acme renewal", supplier: null } }] },
      (body) => ({ ...finding, details: `saw ${body.messages.length} messages` }),
    );
    const chat = model();
    const first = await chat.complete(request({ tools: [searchContracts], output: { name: "finding", schema: FindingOutputSchema } }));
    assert.ok(first.kind === "ok");
    assert.equal(first.content, "");
    // The strict-mode null for the optional `supplier` is gone, so the tool's own zod schema accepts it.
    assert.deepEqual(first.toolCalls, [{ id: "call_42", name: "searchContracts", arguments: '{"query":"Acme renewal"}' }]);
    assert.deepEqual(searchContracts.parameters.parse(JSON.parse(first.toolCalls[0].arguments)), { query: "Acme renewal" });

    const tools = server.calls[0].body.tools!;
    assert.equal(tools.length, 1);
    assert.equal(tools[0].function.name, "searchContracts");
    assert.equal(tools[0].function.description, searchContracts.description);
    assert.equal(tools[0].function.strict, true);
    assert.deepEqual(tools[0].function.parameters, {
      type: "object",
      properties: { query: { type: "string", description: "free text" }, supplier: { type: ["string", "null"] } },
      required: ["query", "supplier"],
      additionalProperties: false,
      $schema: "http://json-schema.org/draft-07/schema#",
    });

    const second = await chat.complete(
      request({
        tools: [searchContracts],
        output: { name: "finding", schema: FindingOutputSchema },
        messages: [
          ...request().messages,
          { role: "assistant", content: "", toolCalls: first.toolCalls },
          {
            role: "tool",
            toolCallId: "call_42",
            content: '{"tool":"searchContracts","ok":true,"digest":"1 contract: CTR-0012","evidence":[]}',
          },
        ],
      }),
    );
    assert.ok(second.kind === "ok");
    assert.equal(JSON.parse(second.content).details, "saw 4 messages");
    const sent = server.calls[1].body.messages;
    assert.deepEqual(sent[2], {
      role: "assistant",
      content: null,
      tool_calls: [{ id: "call_42", type: "function", function: { name: "searchContracts", arguments: '{"query":"Acme renewal"}' } }],
    });
    assert.deepEqual(sent[3], {
      role: "tool",
      tool_call_id: "call_42",
      content: '{"tool":"searchContracts","ok":true,"digest":"1 contract: CTR-0012","evidence":[]}',
    });
    server.assertNoUnexpectedCalls();
  });

  it("sends each agent's own id, so parallel agents get their own scripted replies", async () => {
    server.script("spend", { ...finding, summary: "spend" }).script("contract", { delayMs: 50, then: { ...finding, summary: "contract" } });
    const chat = model();
    const [contract, spend] = await Promise.all([chat.complete(request()), chat.complete(request({ agentId: "spend" }))]);
    assert.ok(contract.kind === "ok" && spend.kind === "ok");
    assert.equal(JSON.parse(contract.content).summary, "contract");
    assert.equal(JSON.parse(spend.content).summary, "spend");
    assert.deepEqual(server.calls.map((call) => call.headers["x-agent-id"]).sort(), ["contract", "spend"]);
    server.assertNoUnexpectedCalls();
  });

  it("waits out a 429's Retry-After, then succeeds on the second attempt", async () => {
    server.script("contract", { status: 429, headers: { "retry-after": "1" } }, finding);
    const { sleep, waits } = recordingSleep();
    const outcome = await model({ sleep, retry: { ...FAST_RETRY, maxMs: 30_000 } }).complete(request());
    assert.ok(outcome.kind === "ok");
    assert.equal(outcome.attempts, 2);
    assert.deepEqual(waits, [1000]);
    assert.deepEqual(
      server.calls.map((call) => call.status),
      [429, 200],
    );
    assert.deepEqual(outcome.usage, { inputTokens: 100, outputTokens: 20 });
  });

  it("really sleeps between attempts (retry-after-ms), then succeeds after a 500", async () => {
    server.script("contract", { status: 500 }, { status: 503, headers: { "retry-after-ms": "60" } }, finding);
    const outcome = await model().complete(request());
    assert.ok(outcome.kind === "ok");
    assert.equal(outcome.attempts, 3);
    const [first, second, third] = server.calls;
    assert.ok(second.startedAt - first.endedAt! >= 8, "first back-off (10 ms less jitter) was waited");
    assert.ok(third.startedAt - second.endedAt! >= 55, "the server's 60 ms was honoured");
  });

  it("ends persistent 500s in an error outcome with the status, after maxRetries retries", async () => {
    server.fallback("contract", { status: 500, body: { error: { message: "The server had an error" } } });
    const outcome = await model().complete(request());
    assert.equal(outcome.kind, "error");
    assert.ok(outcome.kind === "error");
    assert.equal(outcome.attempts, 3);
    assert.equal(outcome.cause, `HTTP 500 from ${baseUrl} after 3 attempt(s): The server had an error`);
    assert.deepEqual(outcome.usage, { inputTokens: 0, outputTokens: 0 });
    assert.equal(server.calls.length, 3);
  });

  it("ends persistent 429s in a rate_limited outcome", async () => {
    server.fallback("contract", { status: 429, headers: { "retry-after-ms": "1" } });
    const outcome = await model().complete(request());
    assert.equal(outcome.kind, "rate_limited");
    assert.equal(outcome.attempts, 3);
  });

  it("does not retry a 400 and keeps secrets out of the cause", async () => {
    server.script("contract", { status: 400, body: { error: { message: "Invalid schema for response_format" } } });
    const outcome = await model().complete(request());
    assert.ok(outcome.kind === "error");
    assert.equal(outcome.attempts, 1);
    assert.equal(outcome.cause, `HTTP 400 from ${baseUrl} after 1 attempt(s): Invalid schema for response_format`);
    assert.doesNotMatch(outcome.cause, /sk-test/);
    assert.equal(server.calls.length, 1);
  });

  it("turns a hanging server into a timeout outcome within the call's timeout, and the server sees the abort", async () => {
    server.script("contract", { hang: true });
    const started = Date.now();
    const outcome = await model().complete(request({ timeoutMs: 300 }));
    const elapsed = Date.now() - started;
    assert.equal(outcome.kind, "timeout");
    assert.ok(outcome.kind === "timeout");
    assert.equal(outcome.cause, `no answer from ${baseUrl} within 300 ms (1 attempt(s))`);
    assert.ok(elapsed >= 290 && elapsed < 1000, `took ${elapsed} ms`);
    await waitFor(() => server.calls[0].endedAt !== undefined);
    assert.equal(server.calls[0].aborted, true);
  });

  it("does not start a back-off that would outlive the call's timeout", async () => {
    server.script("contract", { status: 429, headers: { "retry-after": "5" } }, finding);
    const started = Date.now();
    const outcome = await model({ retry: { ...FAST_RETRY, maxMs: 30_000 } }).complete(request({ timeoutMs: 1000 }));
    assert.equal(outcome.kind, "rate_limited");
    assert.equal(outcome.attempts, 1);
    assert.ok(Date.now() - started < 500);
    assert.equal(server.remaining("contract"), 1);
  });

  it("reports cancelled when the caller aborts", async () => {
    server.script("contract", { hang: true });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const outcome = await model().complete(request({ signal: controller.signal }));
    assert.equal(outcome.kind, "cancelled");
    assert.ok(outcome.durationMs < 1000);
  });

  it("fails at once, without a back-off, when nothing listens on the endpoint (a closed loopback port), naming it and what to check", async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const { sleep, waits } = recordingSleep();
    const endpoint = `http://127.0.0.1:${closedPort}/v1`;
    const outcome = await createOpenAiCompatibleChatModel({ baseUrl: endpoint, retry: MODEL_CALL_RETRY, sleep }).complete(request());
    assert.ok(outcome.kind === "error");
    assert.equal(outcome.attempts, 1);
    assert.deepEqual(waits, [], "no back-off was taken");
    assert.equal(
      outcome.cause,
      `cannot reach the model endpoint ${endpoint} (ECONNREFUSED: connection refused: nothing is listening at that address and port); check OPENAI_BASE_URL and that the model server is running and reachable from this machine`,
    );
  });

  it("fails at once when the endpoint's host name does not resolve", async () => {
    const { sleep, waits } = recordingSleep();
    const outcome = await createOpenAiCompatibleChatModel({
      baseUrl: "http://procura-model.invalid/v1",
      retry: MODEL_CALL_RETRY,
      sleep,
    }).complete(request());
    assert.ok(outcome.kind === "error");
    assert.equal(outcome.attempts, 1);
    assert.deepEqual(waits, []);
    assert.match(
      outcome.cause,
      /^cannot reach the model endpoint http:\/\/procura-model\.invalid\/v1 \((ENOTFOUND|EAI_AGAIN): the host name/,
    );
  });

  it("still retries a connection that is dropped mid-request (transient), then names the endpoint", async () => {
    const dropping = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => dropping.listen(0, "127.0.0.1", resolve));
    const endpoint = `http://127.0.0.1:${(dropping.address() as AddressInfo).port}/v1`;
    try {
      const { sleep, waits } = recordingSleep();
      const outcome = await createOpenAiCompatibleChatModel({ baseUrl: endpoint, retry: FAST_RETRY, sleep, random: () => 0 }).complete(
        request(),
      );
      assert.ok(outcome.kind === "error");
      assert.equal(outcome.attempts, 3);
      assert.deepEqual(waits, [10, 20]);
      assert.ok(outcome.cause.includes(`calling ${endpoint} after 3 attempt(s)`), outcome.cause);
    } finally {
      dropping.close();
    }
  });

  it("a refused key names the key setting to check", async () => {
    server.script("contract", { status: 401, body: { error: { message: "Incorrect API key provided" } } });
    const outcome = await model().complete(request());
    assert.ok(outcome.kind === "error");
    assert.equal(outcome.attempts, 1);
    assert.match(outcome.cause, /^HTTP 401 from .* Incorrect API key provided; check OPENAI_API_KEY/);
  });

  it("returns a refusal as a refused outcome with its reason, never as content to validate", async () => {
    server.script("contract", { refusal: "I can't help with that." });
    const outcome = await model().complete(request({ output: { name: "finding", schema: FindingOutputSchema } }));
    assert.ok(outcome.kind === "refused");
    assert.equal(outcome.cause, "the model refused: I can't help with that.");
  });

  it("works with callStructured: one repair after invalid JSON", async () => {
    server.script("contract", { content: "not json" }, finding);
    const outcome = await callStructured(
      model(),
      request({ output: { name: "finding", schema: FindingOutputSchema } }),
      "Fix it.",
      FindingOutputSchema,
    );
    assert.ok(outcome.kind === "ok");
    assert.deepEqual(outcome.value, finding);
    assert.equal(outcome.repaired, true);
    assert.deepEqual(outcome.usage, { inputTokens: 200, outputTokens: 40 });
    assert.match(server.calls[1].body.messages.at(-1)!.content as string, /^Fix it\.\n\nThe reply is not valid JSON/);
  });

  it("calls Azure's deployment path with api-version and the api-key header", async () => {
    server.script("router", { selected: ["contract"] });
    const azure = createAzureOpenAiChatModel({
      endpoint: `${azureEndpoint}/`,
      apiKey: "azure-key",
      apiVersion: "2024-10-21",
      retry: FAST_RETRY,
    });
    assert.equal(azure.kind, "azure-openai");
    const outcome = await azure.complete(request({ agentId: "router", model: "router-deployment" }));
    assert.ok(outcome.kind === "ok");
    assert.equal(outcome.model, "router-deployment");
    assert.deepEqual(outcome.usage, { inputTokens: 100, outputTokens: 20 });
    const [call] = server.calls;
    assert.equal(call.path, "/openai/deployments/router-deployment/chat/completions");
    assert.equal(call.deployment, "router-deployment");
    assert.equal(call.query["api-version"], "2024-10-21");
    assert.equal(call.headers["api-key"], "azure-key");
    assert.equal(call.headers.authorization, undefined);
    assert.equal(call.headers["x-agent-id"], "router");
  });

  it("authenticates with Entra ID when no key is configured: a bearer token, or an error outcome before any unauthenticated call", async () => {
    server.fallback("router", { selected: ["contract"] });
    const azure = createAzureOpenAiChatModel({ endpoint: azureEndpoint, apiVersion: "2024-10-21", retry: FAST_RETRY });
    const outcome = await azure.complete(request({ agentId: "router", model: "router-deployment", timeoutMs: 15_000 }));
    if (outcome.kind === "ok") {
      // A developer machine with `az login` (or a managed identity) gets a real token.
      assert.match(String(server.calls[0].headers.authorization), /^Bearer \S+/);
      assert.equal(server.calls[0].headers["api-key"], undefined);
    } else {
      // Here (no Azure credentials at all) the credential chain fails before anything is sent.
      assert.equal(outcome.kind, "error");
      assert.ok(outcome.kind === "error");
      // One line: what failed, which setting, and both fixes (not DefaultAzureCredential's wall of attempts).
      assert.equal(
        outcome.cause,
        `no credential for the model endpoint ${azureEndpoint}: AZURE_OPENAI_API_KEY is not set and DefaultAzureCredential found no Azure sign-in. Set AZURE_OPENAI_API_KEY, or sign in (az login, or a managed identity with access) so DefaultAzureCredential finds a credential.`,
      );
      assert.equal(outcome.attempts, 1, "a missing credential is not retried");
      assert.equal(server.calls.length, 0);
    }
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 1000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
