import assert from "node:assert/strict";
import { ModeratorAnswerSchema } from "../../../src/domain";
import { createOpenAiCompatibleChatModel } from "../../../src/llm/openai-chat-model";
import type { ChatRequest } from "../../../src/workflow/ports";
import { ScriptedModelServer } from "../../fakes/scripted-model-server";
import { chatRequest, conclusionCollector, moderatorReply } from "../../fakes/scripted-replies";

const answer = moderatorReply({
  conclusion: "No: the contract caps yearly increases at 5%, so +8% needs an amendment. 上限は年5%です。",
  rationale: [{ point: "The clause caps increases at 5%.", citations: ["CTR-0012"] }],
  findings: [{ specialist: "contract", summary: "Cap is 5%" }],
  nextActions: ["Counter at 5%"],
  qscore: 86,
});

function moderatorRequest(onPartialOutput: (partial: unknown) => void): ChatRequest {
  return chatRequest({
    agentId: "moderator",
    messages: [{ role: "user", content: "Merge the findings." }],
    temperature: 0,
    output: { name: "moderator_answer", schema: ModeratorAnswerSchema },
    onPartialOutput,
  });
}

describe("streamed structured output (OpenAI-compatible adapter)", () => {
  const server = new ScriptedModelServer({ usage: { prompt_tokens: 1200, completion_tokens: 90 } });
  let baseUrl = "";
  before(async () => ({ baseUrl } = await server.start()));
  after(() => server.stop());
  beforeEach(() => server.reset());
  const model = () =>
    createOpenAiCompatibleChatModel({ baseUrl, retry: { maxRetries: 2, initialMs: 10, multiplier: 2, maxMs: 50 }, random: () => 0 });

  it("hands over the answer as it arrives, and returns the same outcome as a plain call", async () => {
    server.script("moderator", answer);
    const { conclusions, onPartialOutput } = conclusionCollector();
    const outcome = await model().complete(moderatorRequest(onPartialOutput));
    assert.equal(outcome.kind, "ok");
    assert.ok(outcome.kind === "ok");
    assert.deepEqual(JSON.parse(outcome.content), answer);
    assert.deepEqual(outcome.usage, { inputTokens: 1200, outputTokens: 90 }, "usage survives streaming");
    assert.equal(server.callsFor("moderator")[0].body.stream, true);

    assert.ok(conclusions.length >= 2, `several partial conclusions, got ${conclusions.length}`);
    for (let i = 1; i < conclusions.length; i++)
      assert.ok(conclusions[i].startsWith(conclusions[i - 1]), "each partial extends the previous one");
    assert.ok(conclusions[0].length < answer.conclusion.length, "the first partial arrives before the conclusion is complete");
    assert.equal(conclusions.at(-1), answer.conclusion);
  });

  it("retries a rate-limited streamed call like any other", async () => {
    server.script("moderator", { status: 429, headers: { "retry-after-ms": "10" } }, answer);
    let partials = 0;
    const outcome = await model().complete(moderatorRequest(() => partials++));
    assert.equal(outcome.kind, "ok");
    assert.equal(outcome.attempts, 2);
    assert.ok(partials > 0);
  });

  it("does not stream a call without structured output", async () => {
    server.script("moderator", { content: "plain text" });
    let partials = 0;
    const { output: _output, ...plain } = moderatorRequest(() => partials++);
    const outcome = await model().complete(plain);
    assert.equal(outcome.kind, "ok");
    assert.equal(server.callsFor("moderator")[0].body.stream, undefined);
    assert.equal(partials, 0);
  });
});
