import assert from "node:assert/strict";
import { FindingOutputSchema } from "../../../src/domain";
import { createOpenAiCompatibleChatModel } from "../../../src/llm/openai-chat-model";
import { runQuestion } from "../../../src/workflow/runner";
import { scriptedModel, useScriptedModelServer, workflowHarness } from "../../fakes/workflow-harness";
import { RENEWAL_QUESTION, chatRequest, findingReply, moderatorReply, routerReply } from "../../fakes/scripted-replies";

const CUT = { content: '{"summary": "The contract caps incre', finishReason: "length" as const };

describe("cut-off and refused answers at the wire", function () {
  this.timeout(20_000);
  const { server, baseUrl } = useScriptedModelServer({ rules: "gpt-5" });
  const model = () =>
    createOpenAiCompatibleChatModel({ baseUrl: baseUrl(), retry: { maxRetries: 1, initialMs: 10, multiplier: 2, maxMs: 50 } });
  const request = (maxTokens: number) =>
    chatRequest({ model: "gpt-5.4-mini", maxTokens, output: { name: "finding", schema: FindingOutputSchema } });

  it("never parses an answer cut off at the budget: asks once more with twice the budget, and counts both calls' tokens", async () => {
    server.script("contract", CUT, findingReply("Cap is 5%."));
    const outcome = await model().complete(request(900));
    assert.equal(outcome.kind, "ok");
    assert.ok(outcome.kind === "ok");
    assert.equal(JSON.parse(outcome.content).summary, "Cap is 5%.");
    assert.deepEqual(
      server.calls.map((call) => call.body.max_completion_tokens),
      [900, 1800],
    );
    assert.deepEqual([outcome.attempts, outcome.usage.inputTokens, outcome.usage.outputTokens], [2, 200, 40]);
  });

  it("fails clearly when the answer is cut off again, and the budget never grows past its bound", async () => {
    server.script("contract", CUT, CUT);
    const outcome = await model().complete(request(12_000));
    assert.ok(outcome.kind === "truncated");
    assert.match(outcome.cause, /cut off at its 12000-token budget, and again at 16000 tokens; raise maxTokens/);
    assert.deepEqual(
      server.calls.map((call) => call.body.max_completion_tokens),
      [12_000, 16_000],
    );
    server.reset();
    server.script("contract", CUT);
    assert.equal((await model().complete(request(16_000))).kind, "truncated");
    assert.equal(server.calls.length, 1, "already at the bound: no second call");
  });

  it("records a structured-output refusal with its reason as a refused answer: the finding is excluded, never repaired", async () => {
    server
      .script("router", routerReply(["contract", "spend"]))
      .script("contract", findingReply("Cap is 5%."))
      .script("spend", { refusal: "I can't help with that request." })
      .script("moderator", moderatorReply());
    const { deps, events } = workflowHarness(scriptedModel(baseUrl()));
    const state = await runQuestion(deps, { question: RENEWAL_QUESTION });
    assert.equal(state.status, "answered");
    const spend = state.findings.find((finding) => finding.specialist === "spend");
    assert.ok(spend?.status === "failed");
    assert.match(spend.error, /refused: the model refused: I can't help with that request\./);
    assert.equal(server.callsFor("spend").length, 1);
    assert.equal(events.find((event) => event.type === "executor_completed" && event.executor === "spend")?.outcome, "refused");
  });
});
