import assert from "node:assert/strict";
import { createOpenAiCompatibleChatModel } from "../../../src/llm/openai-chat-model";
import { MODEL_FAILOVER, type Sleep } from "../../../src/resilience";
import { runQuestion } from "../../../src/workflow/runner";
import { chatRequest, findingReply, moderatorReply, RENEWAL_QUESTION, routerReply } from "../../fakes/scripted-replies";
import { useScriptedModelServer, workflowHarness } from "../../fakes/workflow-harness";

const noWait: Sleep = async () => undefined;

describe("failures stay contained (one endpoint, one scripted model server)", function () {
  this.timeout(20_000);
  const { server, baseUrl } = useScriptedModelServer();
  /** Production retry and breaker settings (four retries, 50 % of at least 5 requests), without the waits. */
  const model = (circuit = MODEL_FAILOVER.circuit) =>
    createOpenAiCompatibleChatModel({
      baseUrl: baseUrl(),
      retry: { maxRetries: 4, initialMs: 2000, multiplier: 2, maxMs: 30_000 },
      sleep: noWait,
      circuit,
    });

  it("answers from the other specialist when one specialist's calls get HTTP 500: the endpoint stays open for the Moderator", async () => {
    server
      .script("router", routerReply(["contract", "spend"]))
      .fallback("contract", { status: 500 })
      .script("spend", findingReply("Spend with Acme grew 12%.", { evidence: [] }))
      .script("moderator", moderatorReply({ conclusion: "Answered from the spend analysis; the contract check failed." }));
    const chat = model();
    const { deps } = workflowHarness(chat);
    const state = await runQuestion(deps, { question: RENEWAL_QUESTION });

    assert.equal(state.status, "answered", state.failure?.message);
    assert.equal(state.answer?.conclusion, "Answered from the spend analysis; the contract check failed.");
    const contract = state.findings.find((finding) => finding.specialist === "contract");
    assert.ok(contract?.status === "failed");
    assert.match(contract.error, /HTTP 500/);
    assert.equal(server.callsFor("contract").length, 5, "one request: the first attempt and four retries");
    assert.match(server.callsFor("moderator")[0].body.messages.at(-1)?.content as string, /contract/);
    // Router and specialists on gpt-5.4-mini, the Moderator on gpt-5.4: the failed request counted once.
    const byDeployment = Object.fromEntries(chat.endpointStatuses().map((s) => [s.deployment, [s.state, s.requests, s.failures]]));
    assert.deepEqual(byDeployment, { "gpt-5.4-mini": ["closed", 3, 1], "gpt-5.4": ["closed", 1, 0] });
  });

  it("keeps sending calls to its only endpoint while the breaker is open (a probe, never a refusal), and closes it on success", async () => {
    server.script("contract", { status: 503 }, findingReply("Cap is 5%."));
    const chat = createOpenAiCompatibleChatModel({
      baseUrl: baseUrl(),
      retry: { maxRetries: 0, initialMs: 10, multiplier: 2, maxMs: 10 },
      circuit: { failureRate: 0.5, minimumRequests: 1, windowMs: 60_000, openMs: 60_000 },
    });
    assert.equal((await chat.complete(chatRequest())).kind, "error");
    assert.equal(chat.endpointStatuses()[0].state, "open");
    assert.equal((await chat.complete(chatRequest())).kind, "ok", "no other endpoint: the call still goes out");
    assert.equal(chat.endpointStatuses()[0].state, "closed");
  });

  it("never counts a 4xx other than 408 and 429, and keys breakers by deployment", async () => {
    server.script("contract", { status: 400 }, { status: 404 }, { status: 500 }, findingReply("x"));
    const chat = createOpenAiCompatibleChatModel({
      baseUrl: baseUrl(),
      retry: { maxRetries: 0, initialMs: 10, multiplier: 2, maxMs: 10 },
      circuit: { failureRate: 0.5, minimumRequests: 1, windowMs: 60_000, openMs: 60_000 },
    });
    await chat.complete(chatRequest({ model: "gpt-5.4" }));
    await chat.complete(chatRequest({ model: "gpt-5.4" }));
    await chat.complete(chatRequest({ model: "gpt-5.4-mini" }));
    const byDeployment = Object.fromEntries(chat.endpointStatuses().map((s) => [s.deployment, [s.state, s.requests, s.failures]]));
    assert.deepEqual(byDeployment, { "gpt-5.4": ["closed", 2, 0], "gpt-5.4-mini": ["open", 1, 1] });
    assert.equal((await chat.complete(chatRequest({ model: "gpt-5.4-mini" }))).kind, "ok");
  });
});
