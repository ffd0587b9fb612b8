import assert from "node:assert/strict";
import { RouterOutputSchema } from "../../../../src/domain";
import { createOfflineChatModel } from "../../../../src/llm/offline";
import { buildQuestionVocabulary } from "../../../../src/tools/question/vocabulary";
import { generateSampleDataSet, createInMemoryProcurementData } from "../../../../src/tools";
import { renderAgentMessages } from "../../../../src/workflow/agent-message";
import type { ChatMessage, ChatModel } from "../../../../src/workflow/ports";
import { loadPromptLibrary } from "../../../../src/workflow/prompt-library";

/** The offline engine gets what any model gets: messages, the response schema, tools. Nothing else. */
describe("the offline engine behind the ChatModel port", () => {
  let model: ChatModel;
  const prompts = loadPromptLibrary();
  before(async () => {
    model = createOfflineChatModel({
      vocabulary: await buildQuestionVocabulary(createInMemoryProcurementData(generateSampleDataSet())),
    });
  });
  const ask = (messages: ChatMessage[]) =>
    model.complete({
      agentId: "router",
      model: "offline",
      messages,
      temperature: 0,
      maxTokens: 500,
      timeoutMs: 5000,
      output: { name: "router_decision", schema: RouterOutputSchema },
    });

  it("routes from the input rendered into the user message, answering through the response schema", async () => {
    const specialists = prompts.specialists.map(({ id, displayName, description, keywords }) => ({
      id,
      displayName,
      description,
      keywords,
    }));
    const messages = renderAgentMessages(prompts.router.text, {
      agent: "router",
      question: "Which contracts with Acme expire next quarter?",
      language: "en",
      specialists,
      maxSpecialists: 3,
    });
    const outcome = await ask(messages);
    assert.equal(outcome.kind, "ok");
    const decision = RouterOutputSchema.parse(JSON.parse(outcome.kind === "ok" ? outcome.content : "{}"));
    assert.ok(decision.selected.includes("contract"), `selected ${decision.selected.join(", ")}`);
    assert.equal(decision.inScope, true);
  });

  it("answers a conversation without a rendered input with an error outcome, never a guess", async () => {
    const outcome = await ask([
      { role: "system", content: prompts.router.text },
      {
        role: "user",
        content: "Which contracts with Acme expire next quarter?",
      },
    ]);
    assert.equal(outcome.kind, "error");
    assert.match(outcome.kind === "error" ? outcome.cause : "", /no language model for agent router/);
  });

  it("rejects a rendered input that does not match the agent's domain schema", async () => {
    const [system, user] = renderAgentMessages(prompts.router.text, {
      agent: "router",
      question: "Acme?",
      language: "en",
      specialists: [],
      maxSpecialists: 3,
    });
    const broken = user.content.replace('"maxSpecialists": 3', '"maxSpecialists": "three"');
    assert.notEqual(broken, user.content);
    const outcome = await ask([system, { role: "user", content: broken }]);
    assert.equal(outcome.kind, "error");
  });
});
