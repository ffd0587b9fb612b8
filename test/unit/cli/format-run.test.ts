import assert from "node:assert/strict";
import { formatRun } from "../../../src/cli/format-run";
import { loadPromptLibrary } from "../../../src/workflow/prompt-library";
import { completedRun, japaneseOfflineRun } from "../../fixtures/cards/sample-runs";

const specialists = loadPromptLibrary().specialists;

describe("cli/format-run", () => {
  it("prints an English run with English headings", () => {
    const text = formatRun(
      completedRun({
        status: "awaiting_approval",
        approval: { reasons: ["policy: amount ¥12,000,000 is at or above the approval threshold ¥10,000,000"] },
      }),
      specialists,
    );
    for (const heading of [
      "Specialists: ",
      "Conclusion",
      "Rationale",
      "Findings",
      "Next actions",
      "QSCORE 72 → 86 (re-asked once)",
      "Needs approval before it reaches the requester:",
      "(confidence ",
    ])
      assert.ok(text.includes(heading), heading);
    assert.doesNotMatch(text, /[\u3040-\u30ff]/, "no Japanese heading");
  });

  it("prints a Japanese run with Japanese headings, approval reasons included", () => {
    const text = formatRun(
      {
        ...japaneseOfflineRun(),
        status: "awaiting_approval",
        approval: { reasons: ["規程: 金額¥50,000,000は承認基準額¥10,000,000以上です"] },
      },
      specialists,
    );
    for (const heading of [
      "[オフライン]",
      "スペシャリスト: ",
      "結論",
      "根拠",
      "各スペシャリストの見解",
      "次のアクション",
      "依頼者に届く前に承認が必要です:",
      "規程: 金額¥50,000,000",
      "確信度",
    ])
      assert.ok(text.includes(heading), heading);
    for (const english of ["Conclusion", "Rationale", "Findings", "Next actions", "Needs approval", "confidence", "[offline]"])
      assert.ok(!text.includes(english), english);
  });

  it("prints a failed run as the error card words it, in the question's language, and never what went wrong", () => {
    const failure = {
      message: "Internal error: SystemError: Cosmos read runs/r failed: connect ECONNREFUSED 127.0.0.1:8081",
      correlationId: "corr-1",
    };
    const en = formatRun(completedRun({ status: "failed", failure }), specialists);
    assert.match(
      en,
      /Sorry, something went wrong\n {2}The answer could not be completed\. Nothing was lost: you can ask again\.\n {2}Try again in a minute\. .*\nCorrelation id: corr-1$/,
    );
    const ja = formatRun({ ...japaneseOfflineRun(), status: "failed", failure }, specialists);
    assert.match(
      ja,
      /申し訳ありません。エラーが発生しました\n {2}回答を完成できませんでした。.*\n {2}少し時間をおいて.*\n相関 ID: corr-1$/,
    );
    for (const text of [en, ja]) assert.doesNotMatch(text, /Internal error|SystemError|ECONNREFUSED|Cosmos/);
  });

  it("prints the out-of-scope reply with its reason and example questions, in either language", () => {
    const english = formatRun(
      completedRun({
        status: "out_of_scope",
        answer: undefined,
        findings: [],
        decision: { ...completedRun().decision!, inScope: false, scopeReason: "Not a procurement question: it is about weather." },
      }),
      specialists,
    );
    assert.match(english, /^Out of scope — Not a procurement question: it is about weather\./m);
    assert.match(english, /I answer procurement questions only/);
    assert.equal((english.match(/^ {2}- /gm) ?? []).length, 3, english);
    assert.doesNotMatch(english, /QSCORE|Conclusion/);
    const japanese = formatRun(
      {
        ...japaneseOfflineRun(),
        status: "out_of_scope",
        answer: undefined,
        findings: [],
        decision: { ...completedRun().decision!, inScope: false, scopeReason: "調達に関する質問ではありません（「天気」）。" },
      },
      specialists,
    );
    assert.match(japanese, /^対象外の質問 — 調達に関する質問ではありません/m);
    assert.match(japanese, /この質問にはお答えできません/);
    assert.doesNotMatch(japanese, /QSCORE|結論/);
  });
});
