import assert from "node:assert/strict";
import { labelsFor } from "../../../src/domain";
import { cardOf, cardTexts } from "../../fakes/fake-connector";
import { cardShows, useScriptedBot } from "./bot-harness";
import { quoting } from "../../fakes/scripted-replies";

const en = labelsFor("en");
const OPERATORS = "19:operators@thread.tacv2";

describe("Teams bot with a scripted OpenAI-compatible model", function () {
  this.timeout(60_000);
  // A second endpoint to fail over to (never needed here: the primary answers).
  const suite = useScriptedBot({
    fallbackEndpoints: ["http://127.0.0.1:9/v1"],
    env: { OPERATOR_CHANNEL_ID: OPERATORS, OPERATOR_NOTICE_QUESTION_WORDS: "3" },
  });
  const { model } = suite;

  it("shows each model endpoint's circuit state in /healthz and the start banner", async () => {
    const health = await fetch(`${suite.harness.bot.url}/healthz`);
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), {
      status: "ok",
      store: "reachable",
      modelEndpoints: [
        { endpoint: suite.endpoints[0], primary: true, state: "closed" },
        { endpoint: suite.endpoints[1], primary: false, state: "closed" },
      ],
    });
    assert.ok(suite.harness.log.includes(`model endpoint, primary ${suite.endpoints[0]}: closed`), suite.harness.log.join("\n"));
    assert.ok(suite.harness.log.includes(`model endpoint, fallback 1 ${suite.endpoints[1]}: closed`));
  });

  it("tells the requester with the error card and the operators' channel with a notice when a run fails", async () => {
    const route = {
      selected: ["contract"],
      debateMode: "independent",
      evidenceNeed: "medium",
      hitl: false,
      reason: "contract question",
      inScope: true,
      scopeReason: "a contract question",
    };
    const finding = { summary: "CTR-0001 caps increases at 5%.", details: "Clause 4.2", evidence: [], quotes: [], confidence: 0.9 };
    model
      .script("router", route, route)
      .script("contract", finding, finding)
      .script("moderator", { content: "{" }, { content: "{" }, { content: "{" }, { content: "{" });

    const question = suite.harness.message("Can we terminate the Acme contract early without a penalty?");
    await suite.harness.post(question);
    const error = await suite.harness.connector.waitFor(
      (a) => a.conversationId === question.conversation.id && a.method === "POST" && cardShows(a, en.errorTitle),
      30_000,
      "the error card",
    );
    const notice = await suite.harness.connector.waitFor((a) => a.conversationId === OPERATORS, 10_000, "the operators' notice");
    model.assertNoUnexpectedCalls();

    const texts = cardTexts(cardOf(notice));
    const correlationId = cardTexts(cardOf(error)).find((t) => /^[0-9a-f-]{36}$/.test(t));
    assert.ok(texts.includes(en.operatorNoticeTitle("run_failed")));
    assert.ok(texts.includes("moderator:invalid_output"), texts.join(" | "));
    assert.ok(correlationId && texts.includes(correlationId), "the same correlation id the requester was shown");
    assert.ok(texts.includes("Can we terminate…"), "the first three words, as configured");
  });

  it("in a group chat, shows each specialist working then done on the progress card, and answers with both sections and the QSCORE", async () => {
    model
      .script("router", {
        selected: ["contract", "spend"],
        debateMode: "independent",
        evidenceNeed: "medium",
        hitl: false,
        inScope: true,
        scopeReason: "procurement",
        reason: "renewal and spend",
      })
      .script("spend", {
        delayMs: 200,
        then: {
          summary: "Spend with Acme grew 12% in FY2025.",
          details: "FY2024 10.0M JPY, FY2025 11.2M JPY",
          ...quoting({ source: "spend", referenceId: "SPD-ACME-FY25", quote: "11.2M JPY" }),
          confidence: 0.8,
        },
      })
      .script("contract", {
        delayMs: 1500,
        then: {
          summary: "CTR-0001 caps increases at 5%.",
          details: "Clause 4.2",
          ...quoting({ source: "contract", referenceId: "CTR-0001", quote: "shall not exceed 5%" }),
          confidence: 0.9,
        },
      })
      .script("moderator", {
        conclusion: "Not at +8%: the contract caps increases at 5%.",
        rationale: [{ point: "CTR-0001 clause 4.2 caps yearly increases at 5%.", citations: ["CTR-0001"] }],
        findings: [
          { specialist: "contract", summary: "Cap of 5%" },
          { specialist: "spend", summary: "Spend up 12%" },
        ],
        nextActions: ["Negotiate within the cap."],
        qscore: 91,
        hitl: false,
        hitlReason: "",
        critique: "",
      });

    const question = suite.harness.message("Can we renew the Acme SaaS contract at +8%?", { conversationType: "groupChat" });
    await suite.harness.post(question);
    const answer = await suite.harness.connector.waitFor(
      (a) => a.conversationId === question.conversation.id && a.method === "POST" && cardShows(a, en.conclusion),
      30_000,
      "the answer card",
    );
    model.assertNoUnexpectedCalls();

    const updates = suite.harness.connector
      .inConversation(question.conversation.id)
      .filter((a) => a.method === "PUT")
      .map((a) => cardTexts(cardOf(a)).join(" | "));
    assert.ok(
      updates.some((u) => u.includes(en.statusDone) && u.includes(en.statusWorking)),
      `an update shows one specialist done while the other works:\n${updates.join("\n")}`,
    );
    const texts = cardTexts(cardOf(answer));
    assert.ok(texts.includes("Not at +8%: the contract caps increases at 5%."));
    assert.ok(
      texts.some((t) => t.includes("91")),
      "QSCORE badge",
    );
    assert.ok(!texts.includes(en.offline), "not labelled offline");
    const sections = JSON.stringify(cardOf(answer)).match(/Action\.ToggleVisibility/g) ?? [];
    assert.equal(sections.length, 2, "one collapsible section per specialist");
  });
});
