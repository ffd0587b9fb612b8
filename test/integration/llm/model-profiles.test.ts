import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { ModeratorAnswerSchema } from "../../../src/domain";
import { createAzureOpenAiChatModel, createOpenAiCompatibleChatModel } from "../../../src/llm/openai-chat-model";
import { ScriptedModelServer } from "../../fakes/scripted-model-server";
import { chatRequest, findingReply, moderatorReply, routerReply } from "../../fakes/scripted-replies";
import { SAMPLE_DATA_DIR } from "../../fakes/test-config";

const run = promisify(execFile);
const FAST_RETRY = { retry: { maxRetries: 1, initialMs: 10, multiplier: 2, maxMs: 50 }, random: () => 0 };

/** `npm run ask -- --json <question>` with only `env` (and PATH) in its environment; the run record. */
async function ask(question: string, env: Record<string, string>): Promise<{ status: string; answer?: { conclusion: string } }> {
  const { stdout } = await run(process.execPath, ["--import", "tsx", "src/cli/ask.ts", "--json", question], {
    env: { PATH: process.env.PATH, PROCURA_DATA_DIR: SAMPLE_DATA_DIR, ...env },
  });
  return JSON.parse(stdout) as { status: string; answer?: { conclusion: string } };
}

describe("model profiles at the wire: each family's request rules", function () {
  this.timeout(30_000);
  const gpt5 = new ScriptedModelServer({ rules: "gpt-5" });
  const gpt4 = new ScriptedModelServer({ rules: "gpt-4" });
  const open = new ScriptedModelServer();
  let urls: { gpt5: string; gpt4: string; open: string };
  before(async () => {
    urls = { gpt5: (await gpt5.start()).azureEndpoint, gpt4: (await gpt4.start()).azureEndpoint, open: (await open.start()).baseUrl };
  });
  after(() => Promise.all([gpt5.stop(), gpt4.stop(), open.stop()]));
  beforeEach(() => [gpt5, gpt4, open].forEach((server) => server.reset()));
  afterEach(function () {
    if (this.currentTest?.state === "passed") [gpt5, gpt4, open].forEach((server) => server.assertNoUnexpectedCalls());
  });

  it("the GPT-5 rules server refuses max_tokens and a temperature other than 1 with the service's exact 400", async () => {
    const post = (body: object) =>
      fetch(`${urls.gpt5}/openai/v1/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-agent-id": "router" },
        body: JSON.stringify({ model: "gpt-5-mini", messages: [{ role: "user", content: "hi" }], ...body }),
      });
    const maxTokens = await post({ max_tokens: 100 });
    assert.equal(maxTokens.status, 400);
    assert.deepEqual(await maxTokens.json(), {
      error: {
        message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        type: "invalid_request_error",
        param: "max_tokens",
        code: "unsupported_parameter",
      },
    });
    const temperature = await post({ temperature: 0 });
    assert.deepEqual(await temperature.json(), {
      error: {
        message: "Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported.",
        type: "invalid_request_error",
        param: "temperature",
        code: "unsupported_value",
      },
    });
    assert.equal(gpt5.unexpected.length, 2);
    gpt5.reset();
  });

  it("sends a GPT-5 deployment max_completion_tokens and the reasoning effort, no temperature, over Azure's v1 API (no api-version)", async () => {
    gpt5.script("router", routerReply(["contract"]));
    const model = createAzureOpenAiChatModel({ endpoint: urls.gpt5, apiKey: "azure-key", ...FAST_RETRY });
    const outcome = await model.complete(
      chatRequest({
        agentId: "router",
        model: "gpt-5.4-mini",
        baseModel: "gpt-5.4-mini",
        temperature: 0,
        maxTokens: 400,
        reasoningEffort: "lowest",
      }),
    );
    assert.equal(outcome.kind, "ok");
    const [call] = gpt5.calls;
    assert.equal(call.path, "/openai/v1/chat/completions");
    assert.deepEqual(call.query, {});
    assert.equal(call.headers["api-key"], "azure-key");
    assert.equal(call.body.model, "gpt-5.4-mini");
    const body = call.body as Record<string, unknown>;
    assert.equal(body.max_completion_tokens, 400);
    assert.equal(body.reasoning_effort, "none");
    assert.equal("temperature" in body, false);
    assert.equal("max_tokens" in body, false);
  });

  it("follows a role's family override for a deployment whose name says nothing", async () => {
    gpt5.script("router", routerReply(["contract"]));
    const model = createAzureOpenAiChatModel({ endpoint: urls.gpt5, apiKey: "k", ...FAST_RETRY });
    const outcome = await model.complete(
      chatRequest({ agentId: "router", model: "router-prod", family: "reasoning", reasoningEffort: "low", temperature: 0 }),
    );
    assert.equal(outcome.kind, "ok");
    assert.equal((gpt5.calls[0].body as Record<string, unknown>).reasoning_effort, "low");
  });

  it("learns a deployment's model from the first response's model field, never from the deployment's name", async () => {
    const served = new ScriptedModelServer({ rules: "gpt-5", servedModel: "gpt-5.4-2026-03-05" });
    const { azureEndpoint } = await served.start();
    try {
      served.fallback("router", routerReply(["contract"]));
      const model = createAzureOpenAiChatModel({ endpoint: azureEndpoint, apiKey: "k", ...FAST_RETRY });
      const request = chatRequest({ agentId: "router", model: "router-prod", family: "reasoning", reasoningEffort: "lowest" });
      for (let call = 0; call < 2; call++) assert.equal((await model.complete(request)).kind, "ok");
      assert.deepEqual(
        served.calls.map((call) => (call.body as Record<string, unknown>).reasoning_effort),
        [undefined, "none"],
        "the service's default until the model is known, then the least gpt-5.4 takes",
      );
      served.assertNoUnexpectedCalls();
    } finally {
      await served.stop();
    }
  });

  it("sends the stated model's efforts to a deployment named anything: none and xhigh to gpt-5.4, no effort and a temperature to gpt-4o", async () => {
    gpt5.script("router", routerReply(["contract"]), routerReply(["spend"]));
    gpt4.script("router", routerReply(["contract"]));
    const onGpt5 = createAzureOpenAiChatModel({ endpoint: urls.gpt5, apiKey: "k", ...FAST_RETRY });
    const onGpt4 = createAzureOpenAiChatModel({ endpoint: urls.gpt4, apiKey: "k", ...FAST_RETRY });
    const request = chatRequest({ agentId: "router", model: "router-prod", temperature: 0, maxTokens: 400 });
    assert.equal((await onGpt5.complete({ ...request, baseModel: "gpt-5.4", reasoningEffort: "lowest" })).kind, "ok");
    assert.equal((await onGpt5.complete({ ...request, baseModel: "gpt-5.4", reasoningEffort: "xhigh" })).kind, "ok");
    assert.equal((await onGpt4.complete({ ...request, baseModel: "gpt-4o@2024-11-20", reasoningEffort: "lowest" })).kind, "ok");
    const fields = (body: object) => {
      const { temperature, reasoning_effort, max_completion_tokens, max_tokens } = body as Record<string, unknown>;
      return { temperature, reasoning_effort, max_completion_tokens, max_tokens };
    };
    assert.deepEqual(
      gpt5.calls.map((call) => fields(call.body)),
      [
        { temperature: undefined, reasoning_effort: "none", max_completion_tokens: 400, max_tokens: undefined },
        { temperature: undefined, reasoning_effort: "xhigh", max_completion_tokens: 400, max_tokens: undefined },
      ],
    );
    assert.deepEqual(fields(gpt4.calls[0].body), {
      temperature: 0,
      reasoning_effort: undefined,
      max_completion_tokens: 400,
      max_tokens: undefined,
    });
  });

  it("sends a GPT-4o deployment its temperature and max_completion_tokens, no reasoning effort, on the dated API when AZURE_OPENAI_API_VERSION is set", async () => {
    gpt4.script("contract", findingReply("Cap is 5%."));
    const model = createAzureOpenAiChatModel({ endpoint: urls.gpt4, apiKey: "k", apiVersion: "2024-10-21", ...FAST_RETRY });
    const outcome = await model.complete(chatRequest({ model: "gpt-4o", reasoningEffort: "low" }));
    assert.equal(outcome.kind, "ok");
    const [call] = gpt4.calls;
    assert.equal(call.path, "/openai/deployments/gpt-4o/chat/completions");
    assert.equal(call.query["api-version"], "2024-10-21");
    const body = call.body as Record<string, unknown>;
    assert.deepEqual(
      [body.temperature, body.max_completion_tokens, body.reasoning_effort, body.max_tokens],
      [0.2, 800, undefined, undefined],
    );
  });

  it("keeps sending max_tokens and a temperature to a local OpenAI-compatible server's own models (Ollama, vLLM)", async () => {
    open.script("contract", findingReply("Cap is 5%."));
    const model = createOpenAiCompatibleChatModel({ baseUrl: urls.open, ...FAST_RETRY });
    const outcome = await model.complete(chatRequest({ model: "llama3.1:8b", reasoningEffort: "low" }));
    assert.equal(outcome.kind, "ok");
    const body = open.calls[0].body as Record<string, unknown>;
    assert.deepEqual(
      [body.temperature, body.max_tokens, body.max_completion_tokens, body.reasoning_effort],
      [0.2, 800, undefined, undefined],
    );
  });

  it("reads Azure's stream: a first chunk with no choices and the prompt filter results, then the role chunk", async () => {
    const answer = moderatorReply({ conclusion: "Not at +8%: the cap is 5%." });
    gpt5.script("moderator", answer);
    const model = createAzureOpenAiChatModel({ endpoint: urls.gpt5, apiKey: "k", ...FAST_RETRY });
    const partials: unknown[] = [];
    const outcome = await model.complete(
      chatRequest({
        agentId: "moderator",
        model: "gpt-5.4",
        output: { name: "moderator_answer", schema: ModeratorAnswerSchema },
        onPartialOutput: (partial) => partials.push(partial),
      }),
    );
    assert.equal(outcome.kind, "ok", outcome.kind === "ok" ? "" : outcome.cause);
    assert.ok(outcome.kind === "ok");
    assert.deepEqual(JSON.parse(outcome.content), answer);
    assert.ok(partials.length > 1, "partial answers arrived while it streamed");
    assert.equal(gpt5.calls[0].body.stream, true);
  });

  it("npm run ask completes against a GPT-5-rules Azure server with the default models (v1 API)", async () => {
    gpt5
      .script("router", routerReply(["contract"]))
      .script("contract", findingReply("The contract caps increases at 5%."))
      .script("moderator", moderatorReply({ conclusion: "Not at +8%: the cap is 5%." }));
    const record = await ask("Can we renew the Acme SaaS contract at +8%?", {
      AZURE_OPENAI_ENDPOINT: urls.gpt5,
      AZURE_OPENAI_API_KEY: "k",
      // The calls in the Router's order: no specialist guessed from the question's words starts early.
      SPECULATIVE_SPECIALISTS: "false",
    });
    assert.equal(record.status, "answered");
    assert.equal(record.answer?.conclusion, "Not at +8%: the cap is 5%.");
    assert.deepEqual(
      gpt5.calls.map((call) => [call.agentId, call.model, (call.body as Record<string, unknown>).reasoning_effort]),
      [
        ["router", "gpt-5.4-mini", "none"],
        ["contract", "gpt-5.4-mini", "none"],
        ["moderator", "gpt-5.4", "none"],
      ],
    );
  });

  it("npm run ask completes against a GPT-4-rules Azure server with GPT-4o deployments and a dated api-version", async () => {
    gpt4
      .script("router", routerReply(["contract"]))
      .script("contract", findingReply("The contract caps increases at 5%."))
      .script("moderator", moderatorReply({ conclusion: "Not at +8%: the cap is 5%." }));
    const record = await ask("Can we renew the Acme SaaS contract at +8%?", {
      AZURE_OPENAI_ENDPOINT: urls.gpt4,
      AZURE_OPENAI_API_KEY: "k",
      AZURE_OPENAI_API_VERSION: "2024-10-21",
      SPECULATIVE_SPECIALISTS: "false",
      ROUTER_MODEL: "gpt-4o-mini",
      SPECIALIST_MODEL: "gpt-4o",
      MODERATOR_MODEL: "gpt-4o",
    });
    assert.equal(record.status, "answered");
    assert.equal(record.answer?.conclusion, "Not at +8%: the cap is 5%.");
    assert.deepEqual(
      gpt4.calls.map((call) => call.deployment),
      ["gpt-4o-mini", "gpt-4o", "gpt-4o"],
    );
  });
});
