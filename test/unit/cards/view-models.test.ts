import assert from "node:assert/strict";
import { qscoreBadge } from "../../../src/cards/answer-body";
import { answerViewFromRun, displayName, displayNamesFrom, draftTextFromAnswer } from "../../../src/cards";
import { ProcuraError } from "../../../src/domain";
import { completedRun, NAMES } from "../../fixtures/cards/sample-runs";

describe("cards/view-models", () => {
  it("builds the display-name table from registry definitions, falling back to the id", () => {
    const names = displayNamesFrom([{ id: "supplier", displayName: { en: "Supplier risk", ja: "サプライヤーリスク" } }]);
    assert.equal(displayName(names, "supplier", "ja"), "サプライヤーリスク");
    assert.equal(displayName(names, "seventh", "en"), "seventh");
  });

  it("maps a completed run: failed specialists with reasons, both scores, offline flag, run id", () => {
    const view = answerViewFromRun(completedRun(), NAMES, { threshold: 80 });
    assert.equal(view.runId, "run-0001");
    assert.deepEqual(view.quality, { score: 86, before: 72, threshold: 80 });
    assert.deepEqual(view.failed, [{ name: "Negotiation advisor", reason: "timed out after 30 s" }]);
    assert.deepEqual(
      view.findings.map((finding) => finding.specialist),
      ["contract", "spend"],
    );
    assert.equal(view.findings[1].headline, "Spend with Acme grew 12% in FY2024.", "no moderator summary: the finding's own");
    assert.equal(view.offline, false);
    assert.equal(view.review, undefined);
  });

  it("shows findings that say the same thing once, under both specialists' names, with their evidence combined (en/ja)", () => {
    const run = completedRun();
    const [spend, contract] = run.findings as Extract<(typeof run.findings)[number], { status: "ok" }>[];
    const twin = {
      ...contract,
      specialist: "spend",
      confidence: 0.95,
      evidence: [...contract.evidence, { source: "spend", referenceId: "SPEND-X", quote: "¥1" }],
    };
    const same = { ...run, findings: [contract, twin] };
    assert.ok(spend);
    const english = answerViewFromRun(same, NAMES, { threshold: 80 }).findings;
    assert.equal(english.length, 1);
    assert.equal(english[0].name, "Contract specialist and Spend analyst");
    assert.equal(english[0].confidence, 0.95);
    assert.deepEqual(
      english[0].evidence.map((e) => e.referenceId),
      [...new Set([...contract.evidence.map((e) => e.referenceId), "SPEND-X"])],
    );
    const japanese = answerViewFromRun(same, NAMES, { threshold: 80, language: "ja" }).findings;
    assert.equal(japanese[0].name, "契約スペシャリスト・支出アナリスト");
  });

  it("uses the answer's qscore when the gate did not record one, and no 'before' without a re-ask", () => {
    const view = answerViewFromRun(completedRun({ quality: { initialScore: 90, finalScore: null, retried: false } }), NAMES, {
      threshold: 80,
    });
    assert.deepEqual(view.quality, { score: 86, threshold: 80 });
  });

  it("can render in another language than the question's", () => {
    const view = answerViewFromRun(completedRun(), NAMES, { threshold: 80, language: "ja" });
    assert.equal(view.language, "ja");
    assert.equal(view.findings[0].name, "契約スペシャリスト");
  });

  it("treats a run without an answer as a bug (a typed system error)", () => {
    const { answer: _none, ...run } = completedRun();
    assert.throws(
      () => answerViewFromRun(run, NAMES, { threshold: 80 }),
      (error: unknown) => error instanceof ProcuraError && error.kind === "system" && error.message.includes("run-0001"),
    );
  });

  it("writes the draft text without empty brackets for uncited points", () => {
    assert.equal(draftTextFromAnswer({ conclusion: "Yes.", rationale: [] }), "Yes.");
    assert.equal(draftTextFromAnswer({ conclusion: "Yes.", rationale: [{ point: "p", citations: [] }] }), "Yes.\n\n- p");
  });

  it("colours the QSCORE badge: at/above threshold good, within 15 below warning, else attention", () => {
    const table: [number, number | undefined, string, string][] = [
      [80, undefined, "good", "QSCORE 80"],
      [79.6, undefined, "good", "QSCORE 80"],
      [79, undefined, "warning", "QSCORE 79"],
      [65, undefined, "warning", "QSCORE 65"],
      [64, 40, "attention", "QSCORE 40 → 64"],
    ];
    for (const [score, before, style, text] of table)
      assert.deepEqual(
        qscoreBadge({ score, threshold: 80, ...(before === undefined ? {} : { before }) }, "en"),
        { style, text },
        `${score}`,
      );
    assert.equal(qscoreBadge({ score: 84, threshold: 80, draftBeforeReview: true }, "ja").text, "QSCORE 84（レビュー前の下書き）");
  });
});
