import assert from "node:assert/strict";
import { labelsFor } from "../../../src/domain";
import { readAgentFields } from "../../../src/workflow/agent-message";
import { cardOf, cardTexts, type RecordedActivity } from "../../fakes/fake-connector";
import type { ChatCompletionBody, ScriptedModelServer } from "../../fakes/scripted-model-server";
import { cardShows, isAnswerCard, useScriptedBot } from "./bot-harness";
import { quoting } from "../../fakes/scripted-replies";

const en = labelsFor("en");

/** Everything a model request told the model, as one text. */
function promptText(body: ChatCompletionBody): string {
  return body.messages
    .map((message) => (typeof message.content === "string" ? message.content : JSON.stringify(message.content)))
    .join("\n");
}

const ROUTED_TO_SPEND = {
  selected: ["spend"],
  debateMode: "independent",
  evidenceNeed: "high",
  hitl: false,
  inScope: true,
  scopeReason: "procurement spend",
  reason: "spend question",
};

/** A finding and an answer that repeat the supplier the request's question names, so each turn's answer is recognisable. */
function scriptAnswers(model: ScriptedModelServer): void {
  const supplierIn = (body: ChatCompletionBody) => (questionOf(body).includes("Nimbus") ? "Nimbus" : "Acme");
  model
    .fallback("router", ROUTED_TO_SPEND)
    .fallback("spend", (body) => ({
      summary: `${supplierIn(body)} spend FY2025: ¥52M.`,
      details: "",
      ...quoting({ source: "spend", referenceId: "SPEND-FY2025", quote: "¥52M" }),
      confidence: 0.9,
    }))
    .fallback("moderator", (body) => ({
      conclusion: `We spent ¥52M with ${supplierIn(body)} in FY2025.`,
      rationale: [{ point: "Spend ledger total.", citations: ["SPEND-FY2025"] }],
      findings: [{ specialist: "spend", summary: "¥52M" }],
      nextActions: [],
      qscore: 90,
      hitl: false,
      hitlReason: "",
      critique: "",
    }));
}

/** The agent's first user message: the question and its input, without the system prompt. */
function userMessage(body: ChatCompletionBody): string {
  const user = body.messages.find((message) => message.role === "user");
  return typeof user?.content === "string" ? user.content : "";
}

/** The question an agent's user message asks it to answer. */
function questionOf(body: ChatCompletionBody): string {
  const question = readAgentFields(userMessage(body))?.question;
  assert.equal(typeof question, "string", "the user message is a rendered agent input");
  return question as string;
}

describe("Follow-ups in a conversation (bot, scripted model at the wire)", function () {
  this.timeout(90_000);
  const suite = useScriptedBot();
  const { model } = suite;
  beforeEach(() => model.reset());

  /** Posts a message and waits for the n-th answer (or question-back) card of the conversation. */
  async function ask(
    text: string,
    conversationId: string,
    cardTitle: string | typeof isAnswerCard,
    options: { conversationType?: "personal" | "groupChat" | "channel"; value?: unknown } = {},
  ) {
    const wanted = typeof cardTitle === "string" ? (a: RecordedActivity) => cardShows(a, cardTitle) : cardTitle;
    const before = suite.harness.connector.inConversation(conversationId).filter((a) => a.method === "POST" && wanted(a)).length;
    const activity = suite.harness.message(text, {
      conversationId,
      conversationType: options.conversationType,
      ...(options.value ? { extra: { value: options.value } } : {}),
    });
    const response = await suite.harness.post(activity);
    assert.ok(response.status < 300, `message accepted (${response.status})`);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const cards = suite.harness.connector.inConversation(conversationId).filter((a) => a.method === "POST" && wanted(a));
      if (cards.length > before) return cards.at(-1)!;
      if (Date.now() > deadline)
        throw new Error(
          `no new '${typeof cardTitle === "string" ? cardTitle : "answer"}' card in ${conversationId}; seen:\n${suite.harness.connector
            .inConversation(conversationId)
            .map((a) => `${a.method} ${cardOf(a) ? cardTexts(cardOf(a)).join(" | ") : a.activity.text}`)
            .join("\n")}\n${suite.harness.log.slice(-5).join("\n")}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it("sends the previous turn with the follow-up, answers the standalone question, and forgets it after reset", async () => {
    scriptAnswers(model);
    const conversationId = `personal-follow-ups-${Date.now()}`;
    await ask("How much did we spend with Acme in FY2025?", conversationId, isAnswerCard);
    assert.equal(model.callsFor("rewriter").length, 0, "a first question needs no rewrite");

    const standalone = "How much did we spend with Nimbus Workflow Inc. in FY2025?";
    model.script("rewriter", { kind: "rewritten", standaloneQuestion: standalone, refersToPreviousAnswer: false, clarification: "" });
    const answer = await ask("And with Nimbus?", conversationId, isAnswerCard);
    model.assertNoUnexpectedCalls();

    const rewrite = promptText(model.callsFor("rewriter")[0].body);
    assert.ok(rewrite.includes("And with Nimbus?"), "the rewriter gets the message");
    assert.ok(rewrite.includes("How much did we spend with Acme in FY2025?"), "…and the previous question");
    assert.ok(rewrite.includes("We spent ¥52M with Acme in FY2025."), "…and the previous answer's conclusion");
    assert.ok(rewrite.includes("FY2025"), "…and its entities");
    for (const agent of ["router", "spend", "moderator"]) {
      const last = model.callsFor(agent).at(-1)!;
      assert.equal(questionOf(last.body), standalone, `${agent} is asked the standalone question`);
    }
    const texts = cardTexts(cardOf(answer));
    assert.ok(
      texts.some((text) => text.includes(`${en.understoodAs}: `)) && texts.includes(standalone),
      `the card says what it understood: ${texts.join(" | ")}`,
    );
    assert.ok(answer.activity.text?.startsWith("We spent ¥52M with Nimbus in FY2025."), "the answer's text above the card");

    await suite.harness.post(suite.harness.message("reset", { conversationId }));
    await suite.harness.connector.waitFor(
      (a) =>
        a.conversationId === conversationId &&
        a.activity.text === "Done: I've cleared this conversation's context. Your next question starts fresh.",
      10_000,
      "the reset reply",
    );
    const asked = await ask("And with them?", conversationId, en.clarifyTitle);
    assert.ok(
      cardTexts(cardOf(asked)).some((text) => text.includes("which supplier")),
      "asks back instead of guessing",
    );
    const rewritesBefore = model.callsFor("rewriter").length;
    await ask("How much did we spend with Nimbus in FY2025?", conversationId, isAnswerCard);
    assert.equal(model.callsFor("rewriter").length, rewritesBefore, "nothing remembered: no rewrite");
    for (const call of model.calls.slice(-3))
      assert.ok(!promptText(call.body).includes("Acme"), `${call.agentId} no longer sees the first turn`);
  });

  it("asks back with the model's question, labelled as AI-generated", async () => {
    scriptAnswers(model);
    const conversationId = `personal-clarify-${Date.now()}`;
    await ask("How much did we spend with Acme in FY2025?", conversationId, isAnswerCard);
    const clarification = "Do you mean Acme's spend or Nimbus's?";
    model.script("rewriter", { kind: "clarify", standaloneQuestion: "", refersToPreviousAnswer: false, clarification });
    const asked = await ask("And theirs?", conversationId, en.clarifyTitle);
    assert.ok(cardTexts(cardOf(asked)).includes(clarification));
    const entities = (asked.activity.entities ?? []) as { type: string; additionalType?: string[] }[];
    assert.deepEqual(entities.find((e) => e.type === "https://schema.org/Message")?.additionalType, ["AIGeneratedContent"]);
  });

  it("passes the previous answer to the specialists and the Moderator when the follow-up asks about it", async () => {
    scriptAnswers(model);
    const conversationId = `group-follow-ups-${Date.now()}`;
    await ask("How much did we spend with Acme in FY2025?", conversationId, isAnswerCard, { conversationType: "groupChat" });
    model.script("rewriter", {
      kind: "rewritten",
      standaloneQuestion: "Why did we spend so much with Acme in FY2025?",
      refersToPreviousAnswer: true,
      clarification: "",
    });
    await ask("Why?", conversationId, isAnswerCard, { conversationType: "groupChat" });
    for (const agent of ["spend", "moderator"]) {
      const text = promptText(model.callsFor(agent).at(-1)!.body);
      assert.ok(
        text.includes("previousAnswer") && text.includes("We spent ¥52M with Acme in FY2025."),
        `${agent} sees the previous answer`,
      );
    }
    assert.ok(
      !promptText(model.callsFor("router").at(-1)!.body).includes("previousAnswer"),
      "the Router decides on the standalone question alone",
    );
  });

  it("keeps one memory per channel thread, and a suggested follow-up button asks in the same thread", async () => {
    scriptAnswers(model);
    const channel = `19:procurement-${Date.now()}@thread.tacv2`;
    const threadA = `${channel};messageid=1001`;
    const threadB = `${channel};messageid=2002`;
    const first = await ask("How much did we spend with Acme in FY2025?", threadA, isAnswerCard, { conversationType: "channel" });
    await ask("How much did we spend with Nimbus in FY2025?", threadB, isAnswerCard, { conversationType: "channel" });

    const buttons = followUpButtons(first);
    assert.ok(buttons.length >= 2 && buttons.length <= 3, `two or three suggestions: ${JSON.stringify(buttons)}`);
    const suggestion = buttons[0];
    model.script("rewriter", (body) => {
      const input = userMessage(body);
      assert.ok(input.includes("Acme") && !input.includes("Nimbus"), "thread A's memory only");
      return {
        kind: "rewritten",
        standaloneQuestion: "How much did we spend with Acme in FY2024?",
        refersToPreviousAnswer: false,
        clarification: "",
      };
    });
    // An Action.Submit arrives as a message whose value carries the question (no text in the Playground).
    const answer = await ask("", threadA, isAnswerCard, { conversationType: "channel", value: suggestion.data });
    model.assertNoUnexpectedCalls();
    assert.equal(questionOf(model.callsFor("rewriter").at(-1)!.body), suggestion.title, "the button asked its question");
    assert.ok(cardTexts(cardOf(answer)).includes("How much did we spend with Acme in FY2024?"));
  });
});

/** The suggested follow-up buttons of an answer card. */
function followUpButtons(recorded: RecordedActivity): { title: string; data: { followUp: string } }[] {
  const found: { title: string; data: { followUp: string } }[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (typeof node !== "object" || node === null) return;
    const record = node as Record<string, unknown>;
    if (record.type === "Action.Submit" && typeof (record.data as { followUp?: unknown })?.followUp === "string")
      found.push(record as never);
    Object.values(record).forEach(visit);
  };
  visit(cardOf(recorded));
  return found;
}
