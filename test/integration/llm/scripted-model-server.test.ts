import assert from "node:assert/strict";
import { ScriptedModelServer } from "../../fakes/scripted-model-server";

const question = { model: "gpt-4o", messages: [{ role: "user", content: "Which suppliers are high risk?" }] };

describe("ScriptedModelServer", () => {
  const server = new ScriptedModelServer();
  let baseUrl = "";
  let azureEndpoint = "";

  before(async () => ({ baseUrl, azureEndpoint } = await server.start()));
  after(() => server.stop());
  beforeEach(() => server.reset());

  /** Posts a chat completion as `agentId` and returns status, headers and parsed body. */
  async function post(agentId: string | undefined, body: unknown, url = `${baseUrl}/chat/completions`, signal?: AbortSignal) {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(agentId === undefined ? {} : { "x-agent-id": agentId }) },
      body: typeof body === "string" ? body : JSON.stringify(body),
      signal,
    });
    return { status: response.status, headers: response.headers, json: (await response.json()) as any };
  }

  it("replies per agent in script order, whatever order the agents call in", async () => {
    server.script("router", { selected: ["spend"] }).script("spend", { summary: "first" }, { summary: "second" });
    const spend1 = await post("spend", question);
    const router = await post("router", question);
    const spend2 = await post("spend", question);
    assert.deepEqual(JSON.parse(spend1.json.choices[0].message.content), { summary: "first" });
    assert.deepEqual(JSON.parse(router.json.choices[0].message.content), { selected: ["spend"] });
    assert.deepEqual(JSON.parse(spend2.json.choices[0].message.content), { summary: "second" });
    assert.deepEqual(
      server.calls.map((call) => [call.agentId, call.callIndex, call.status]),
      [
        ["spend", 0, 200],
        ["router", 0, 200],
        ["spend", 1, 200],
      ],
    );
    assert.equal(server.remaining("spend"), 0);
    server.assertNoUnexpectedCalls();
  });

  it("answers in the Chat Completions shape, with usage", async () => {
    server.script("router", { ok: true });
    const { json } = await post("router", question);
    assert.equal(json.object, "chat.completion");
    assert.equal(json.model, "gpt-4o");
    assert.match(json.id, /^chatcmpl-scripted-\d+$/);
    assert.deepEqual(json.choices[0], {
      index: 0,
      message: { role: "assistant", content: '{"ok":true}', refusal: null },
      logprobs: null,
      finish_reason: "stop",
    });
    assert.deepEqual(json.usage, { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 });
  });

  it("scripts tool calls, raw text and refusals", async () => {
    server.script(
      "contract",
      {
        toolCalls: [
          { name: "searchContracts", arguments: { query: "Acme" } },
          { name: "getSupplierProfile", arguments: '{"name":"Acme"}', id: "call_x" },
        ],
      },
      { content: "not json" },
      { refusal: "No." },
    );
    const tools = (await post("contract", question)).json.choices[0];
    assert.equal(tools.finish_reason, "tool_calls");
    assert.deepEqual(tools.message.tool_calls, [
      { id: "call_contract_0_0", type: "function", function: { name: "searchContracts", arguments: '{"query":"Acme"}' } },
      { id: "call_x", type: "function", function: { name: "getSupplierProfile", arguments: '{"name":"Acme"}' } },
    ]);
    assert.equal((await post("contract", question)).json.choices[0].message.content, "not json");
    assert.deepEqual((await post("contract", question)).json.choices[0].message, { role: "assistant", content: null, refusal: "No." });
  });

  it("scripts HTTP errors with headers and OpenAI-style error bodies", async () => {
    server.script("router", { status: 429, headers: { "retry-after": "1" } }, { status: 503, body: { error: { message: "overloaded" } } });
    const limited = await post("router", question);
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get("retry-after"), "1");
    assert.equal(limited.json.error.type, "rate_limit_exceeded");
    const overloaded = await post("router", question);
    assert.deepEqual([overloaded.status, overloaded.json], [503, { error: { message: "overloaded" } }]);
    assert.deepEqual(
      server.calls.map((call) => call.status),
      [429, 503],
    );
  });

  it("passes the parsed body and the agent's call index to function steps, and uses the fallback once the script is spent", async () => {
    server
      .script("moderator", (body, callIndex) => ({ scripted: callIndex, messages: body.messages.length }))
      .fallback("moderator", (_body, callIndex) => ({ fallback: callIndex }));
    const replies = [];
    for (let i = 0; i < 3; i++) replies.push(JSON.parse((await post("moderator", question)).json.choices[0].message.content));
    assert.deepEqual(replies, [{ scripted: 0, messages: 1 }, { fallback: 1 }, { fallback: 2 }]);
    server.assertNoUnexpectedCalls();
  });

  it("delays a reply, and records start and end times", async () => {
    server.script("spend", { delayMs: 80, then: { summary: "late" } });
    const started = Date.now();
    const { json } = await post("spend", question);
    assert.ok(Date.now() - started >= 75);
    assert.equal(json.choices[0].message.content, '{"summary":"late"}');
    const [call] = server.calls;
    assert.ok(call.endedAt! - call.startedAt >= 75, `recorded ${call.endedAt! - call.startedAt} ms`);
    assert.equal(call.aborted, false);
  });

  it("holds a hanging call open until the client aborts, and records the abort", async () => {
    server.script("spend", { hang: true });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await assert.rejects(post("spend", question, undefined, controller.signal), { name: "AbortError" });
    await until(() => server.calls[0]?.endedAt !== undefined);
    assert.equal(server.calls[0].aborted, true);
    assert.equal(server.calls[0].status, undefined);
  });

  it("fails loudly on a call with no scripted reply: HTTP 500, recorded, and assertNoUnexpectedCalls throws naming it", async () => {
    server.script("router", { ok: true });
    await post("router", question);
    const extra = await post("router", question);
    const stranger = await post("negotiation", question);
    const anonymous = await post(undefined, question);
    assert.deepEqual([extra.status, stranger.status, anonymous.status], [500, 500, 500]);
    assert.equal(server.unexpected.length, 3);
    assert.equal(server.calls.length, 4, "unexpected calls are recorded too");
    assert.throws(
      () => server.assertNoUnexpectedCalls(),
      (error: Error) => {
        assert.match(error.message, /3 unexpected call\(s\)/);
        assert.match(error.message, /agent 'router' \/v1\/chat\/completions: no scripted reply left \(call 1\)/);
        assert.match(error.message, /agent 'negotiation'/);
        assert.match(error.message, /agent ''/);
        return true;
      },
    );
  });

  it("rejects malformed bodies with 400 and records them as unexpected", async () => {
    server.fallback("router", { ok: true });
    const cases: [unknown, RegExp][] = [
      ["{not json", /\(root\): Required|Expected object/],
      [{ messages: question.messages }, /model: Required/],
      [{ model: "m", messages: [] }, /messages: Array must contain at least 1/],
      [{ model: "m", messages: [{ role: "wizard", content: "x" }] }, /messages\.0\.role: Invalid discriminator/],
      [
        {
          model: "m",
          messages: [
            { role: "user", content: "x" },
            { role: "tool", content: "{}", tool_call_id: "call_1" },
          ],
        },
        /unknown tool_call_id 'call_1'/,
      ],
      [
        {
          model: "m",
          messages: [
            { role: "user", content: "x" },
            {
              role: "assistant",
              content: null,
              tool_calls: [{ id: "call_1", type: "function", function: { name: "f", arguments: "{}" } }],
            },
            { role: "user", content: "y" },
          ],
        },
        /tool_call ids not answered: call_1/,
      ],
      [
        { ...question, response_format: { type: "json_schema", json_schema: { name: "has space", schema: {} } } },
        /response_format\.json_schema\.name/,
      ],
      [{ ...question, stream: "yes" }, /stream/],
    ];
    for (const [body, reason] of cases) {
      const { status, json } = await post("router", body);
      assert.equal(status, 400, JSON.stringify(body));
      assert.match(json.error.message, reason);
    }
    assert.equal(server.unexpected.length, cases.length);
    assert.equal(server.calls.length, 0);
  });

  it("accepts a well-formed tool conversation", async () => {
    server.script("contract", { ok: true });
    const { status } = await post("contract", {
      model: "m",
      messages: [
        { role: "user", content: "x" },
        {
          role: "assistant",
          content: null,
          tool_calls: [
            { id: "a", type: "function", function: { name: "f", arguments: "{}" } },
            { id: "b", type: "function", function: { name: "g", arguments: "{}" } },
          ],
        },
        { role: "tool", tool_call_id: "b", content: "{}" },
        { role: "tool", tool_call_id: "a", content: "{}" },
      ],
    });
    assert.equal(status, 200);
    server.assertNoUnexpectedCalls();
  });

  it("serves Azure's deployment path (api-version required) and 404s unknown paths", async () => {
    server.script("router", { ok: true });
    const azure = await post("router", question, `${azureEndpoint}/openai/deployments/mini/chat/completions?api-version=2024-10-21`);
    assert.equal(azure.status, 200);
    assert.deepEqual([server.calls[0].deployment, server.calls[0].query], ["mini", { "api-version": "2024-10-21" }]);
    const noVersion = await post("router", question, `${azureEndpoint}/openai/deployments/mini/chat/completions`);
    assert.equal(noVersion.status, 400);
    const unknown = await post("router", question, `${azureEndpoint}/v1/embeddings`);
    assert.equal(unknown.status, 404);
    assert.deepEqual(
      server.unexpected.map((call) => call.reason),
      ["Azure call without api-version", "no route for POST /v1/embeddings"],
    );
  });

  it("reports configurable usage", async () => {
    const custom = new ScriptedModelServer({
      usage: (body, agentId) => ({ prompt_tokens: body.messages.length * 10, completion_tokens: agentId.length }),
    });
    const { baseUrl: customUrl } = await custom.start();
    try {
      custom.script("spend", { ok: true });
      const { json } = await post("spend", question, `${customUrl}/chat/completions`);
      assert.deepEqual(json.usage, { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 });
    } finally {
      await custom.stop();
    }
  });

  it("stops promptly even with a call still hanging", async () => {
    const hanging = new ScriptedModelServer();
    const { baseUrl: hangingUrl } = await hanging.start();
    hanging.script("spend", { hang: true });
    const pending = post("spend", question, `${hangingUrl}/chat/completions`).catch((error: unknown) => error);
    await until(() => hanging.calls.length === 1);
    const started = Date.now();
    await hanging.stop();
    assert.ok(Date.now() - started < 500);
    assert.ok((await pending) instanceof Error, "the client sees the connection close");
  });
});

async function until(condition: () => boolean, timeoutMs = 1000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
