import assert from "node:assert/strict";
import { labelsFor } from "../../../src/cards/labels";
import { cardOf, cardTexts } from "../../fakes/fake-connector";
import { ScriptedModelServer } from "../../fakes/scripted-model-server";
import { cardShows, startBotHarness, type BotHarness } from "./bot-harness";

const en = labelsFor("en");

describe("Teams bot with a scripted OpenAI-compatible model", function () {
  this.timeout(60_000);
  const model = new ScriptedModelServer();
  let harness: BotHarness;

  before(async () => {
    const { baseUrl } = await model.start();
    harness = await startBotHarness({ LLM_PROVIDER: "openai-compatible", OPENAI_BASE_URL: baseUrl, OPENAI_API_KEY: "test-key", LLM_MAX_RETRIES: "0" });
  });
  after(async () => {
    await harness?.stop();
    await model.stop();
  });

  it("shows each specialist working then done on the progress card, and answers with both sections and the QSCORE", async () => {
    model
      .script("router", { selected: ["contract", "spend"], priority: ["contract", "spend"], debateMode: "independent", evidenceNeed: "medium", hitl: false, inScope: true, scopeReason: "procurement", reason: "renewal and spend" })
      .script("spend", {
        delayMs: 200,
        then: { summary: "Spend with Acme grew 12% in FY2025.", details: "FY2024 10.0M JPY, FY2025 11.2M JPY", evidence: [{ source: "spend", referenceId: "SPD-ACME-FY25", quote: "11.2M JPY" }], confidence: 0.8 },
      })
      .script("contract", {
        delayMs: 1500,
        then: { summary: "CTR-0001 caps increases at 5%.", details: "Clause 4.2", evidence: [{ source: "contract", referenceId: "CTR-0001", quote: "shall not exceed 5%" }], confidence: 0.9 },
      })
      .script("moderator", {
        conclusion: "Not at +8%: the contract caps increases at 5%.",
        rationale: [{ point: "CTR-0001 clause 4.2 caps yearly increases at 5%.", citations: ["CTR-0001"] }],
        findings: [{ specialist: "contract", summary: "Cap of 5%" }, { specialist: "spend", summary: "Spend up 12%" }],
        nextActions: ["Negotiate within the cap."],
        qscore: 91,
        hitl: false,
        hitlReason: "",
        critique: "",
      });

    const question = harness.message("Can we renew the Acme SaaS contract at +8%?");
    await harness.post(question);
    const answer = await harness.connector.waitFor(
      (a) => a.conversationId === question.conversation.id && a.method === "POST" && cardShows(a, en.conclusion),
      30_000,
      "the answer card",
    );
    model.assertNoUnexpectedCalls();

    const updates = harness.connector.inConversation(question.conversation.id).filter((a) => a.method === "PUT").map((a) => cardTexts(cardOf(a)).join(" | "));
    assert.ok(
      updates.some((u) => u.includes(`✅ ${en.statusDone}`) && u.includes(`⏳ ${en.statusWorking}`)),
      `an update shows one specialist done while the other works:\n${updates.join("\n")}`,
    );
    const texts = cardTexts(cardOf(answer));
    assert.ok(texts.includes("Not at +8%: the contract caps increases at 5%."));
    assert.ok(texts.some((t) => t.includes("91")), "QSCORE badge");
    assert.ok(!texts.includes(en.offline), "not labelled offline");
    const sections = JSON.stringify(cardOf(answer)).match(/Action\.ToggleVisibility/g) ?? [];
    assert.equal(sections.length, 2, "one collapsible section per specialist");
  });
});
