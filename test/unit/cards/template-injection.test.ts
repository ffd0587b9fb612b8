import assert from "node:assert/strict";
import * as cards from "../../../src/cards";
import { nodesOfType } from "../../fixtures/cards/card-query";
import { completedRun, NAMES } from "../../fixtures/cards/sample-runs";

/** User text that would do damage if it were parsed as a template expression or as markdown. */
const HOSTILE =
  "${labels.approve} ${approvalId} ${$root} ${string(1)} ${if(true, 'x', 'y')} `${x}` [Approve here](https://evil.example) **urgent**";

function hostileRun() {
  const run = completedRun({ question: HOSTILE, approval: { reasons: [HOSTILE] } });
  run.answer = { ...run.answer!, conclusion: HOSTILE, rationale: [{ point: HOSTILE, citations: ["${runId}"] }], nextActions: [HOSTILE] };
  run.findings = run.findings.map((finding) =>
    finding.status === "ok"
      ? { ...finding, summary: HOSTILE, details: HOSTILE, evidence: [{ source: "${x}", referenceId: "${runId}", quote: HOSTILE }] }
      : { ...finding, error: HOSTILE },
  );
  return run;
}

function allCards() {
  const run = hostileRun();
  const now = new Date("2025-06-01T09:00:05Z");
  return {
    progress: cards.buildProgressCard(cards.progressViewFromRun({ ...run, status: "running", phase: "investigate" }, NAMES, now)),
    answer: cards.buildAnswerCard(cards.answerViewFromRun(run, NAMES, { threshold: 80 })),
    edited: cards.buildAnswerCard(
      cards.answerViewFromRun({ ...run, approval: { reasons: ["amount above the threshold"], id: "apr-1", decision: "edited" } }, NAMES, {
        threshold: 80,
      }),
    ),
    approval: cards.buildApprovalCard(
      cards.approvalViewFromRun(run, NAMES, { approvalId: "apr-1", requesterName: HOSTILE, threshold: 80 }),
    ),
    outcome: cards.buildApprovalOutcomeCard({
      language: "en",
      question: HOSTILE,
      decision: "rejected",
      deciderName: HOSTILE,
      decidedAt: "2025-06-01T10:00:00Z",
      comment: HOSTILE,
    }),
    approvedOutcome: cards.buildApprovalOutcomeCard({
      language: "en",
      question: HOSTILE,
      decision: "edited",
      deciderName: "K",
      decidedAt: "2025-06-01T10:00:00Z",
      finalText: HOSTILE,
    }),
    rejection: cards.buildRequesterNotice("rejected", { language: "en", question: HOSTILE, reason: HOSTILE }),
    review: cards.buildRequesterNotice("underReview", { language: "ja", question: HOSTILE }),
  };
}

describe("cards: user text is data, never template or markdown", () => {
  it("adaptivecards-templating binds `${…}` inside data values literally (no second evaluation)", () => {
    for (const [name, card] of Object.entries(allCards())) {
      const shown = nodesOfType(card, "TextRun").map((node) => String(node.text));
      assert.ok(
        shown.some((text) => text === HOSTILE || text === `• ${HOSTILE}`),
        `${name}: the hostile text is shown exactly as typed, expressions unevaluated`,
      );
    }
    const approval = allCards().approval;
    for (const action of nodesOfType(approval, "Action.Execute")) assert.deepEqual(action.data, { approvalId: "apr-1" });
  });

  it("shows every piece of user or model text in a TextRun (plain text), never a markdown TextBlock", () => {
    for (const [name, card] of Object.entries(allCards())) {
      const blocks = nodesOfType(card, "TextBlock").filter((node) => String(node.text).includes("evil.example"));
      assert.deepEqual(blocks, [], `${name}: hostile text reached a markdown TextBlock`);
      const runs = nodesOfType(card, "TextRun").filter((node) => String(node.text).includes("[Approve here](https://evil.example)"));
      assert.ok(runs.length > 0, name);
    }
  });

  it("the edit input is prefilled with the hostile draft verbatim", () => {
    const input = nodesOfType(allCards().approval, "Input.Text").find((node) => node.id === "editedText")!;
    assert.ok(String(input.value).startsWith(HOSTILE));
  });

  it("leaves no unbound expression in ordinary cards (every field a template names is supplied)", () => {
    const run = completedRun({ approval: { reasons: ["amount"] } });
    const ordinary = [
      cards.buildAnswerCard(cards.answerViewFromRun(run, NAMES, { threshold: 80 })),
      cards.buildAnswerCard(
        cards.answerViewFromRun({ ...run, approval: { reasons: ["amount above the threshold"], id: "a", decision: "approved" } }, NAMES, {
          threshold: 80,
        }),
      ),
      cards.buildApprovalCard(
        cards.approvalViewFromRun(run, NAMES, {
          approvalId: "a",
          requesterName: "R",
          threshold: 80,
          reminderSince: "2025-06-01T00:00:00Z",
        }),
      ),
      cards.buildApprovalOutcomeCard({ language: "ja", question: "q", decision: "expired", decidedAt: "2025-06-01T00:00:00Z" }),
      cards.buildProgressCard(cards.progressViewFromRun({ ...run, phase: "route", decision: undefined }, NAMES, new Date())),
      cards.buildErrorCard({ language: "en", correlationId: "c" }),
      cards.buildGuideCard("welcome", "ja", { memoryTtlMs: 8 * 3_600_000 }),
      cards.buildGuideCard("help", "en", { memoryTtlMs: 8 * 3_600_000 }),
      cards.buildRequesterNotice("expired", { language: "en", question: "q" }),
    ];
    for (const card of ordinary) {
      const json = JSON.stringify(card);
      assert.ok(!json.includes("${") && !json.includes("undefined") && !json.includes("[object Object]"), json.slice(0, 300));
    }
  });
});
