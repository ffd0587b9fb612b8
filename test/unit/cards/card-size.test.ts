import assert from "node:assert/strict";
import { buildAnswerCard } from "../../../src/cards/answer-body";
import { buildApprovalCard } from "../../../src/cards/approval-cards";
import { CARD_SIZE_LIMIT_BYTES, cardBytes } from "../../../src/cards/render";
import { answerViewFromRun, approvalViewFromRun } from "../../../src/cards/view-models";
import { nodesOfType, textOf } from "../../fixtures/cards/card-query";
import { completedRun, NAMES } from "../../fixtures/cards/sample-runs";
import type { RunState } from "../../../src/domain";

/** A Japanese run whose model wrote far too much everywhere (UTF-8: 3 bytes per character). */
function verboseJapaneseRun(): RunState {
  const long = (seed: string, n: number) => (seed + "。").repeat(n);
  const run = completedRun({
    language: "ja",
    question: long("取引先A社の契約更新について詳しく教えてください", 60),
    approval: { reasons: [long("金額が閾値を超えています", 40)] },
  });
  run.answer = {
    ...run.answer!,
    conclusion: "結論：値上げは契約上限を超えます。" + long("契約条項第四条二項により年五パーセントが上限です", 100),
    rationale: Array.from({ length: 30 }, (_, i) => ({
      point: long(`根拠${i}：支出は増加傾向にあります`, 30),
      citations: [`CTR-${i}`, `POL-${i} §1`],
    })),
    nextActions: Array.from({ length: 20 }, (_, i) => long(`次の対応${i}`, 40)),
  };
  run.findings = ["contract", "spend", "negotiation"].map((specialist) => ({
    specialist,
    status: "ok" as const,
    summary: long(`${specialist}の要約`, 50),
    details: long("詳細な分析結果です\n", 200),
    evidence: Array.from({ length: 15 }, (_, i) => ({ source: "contract", referenceId: `CTR-${i}`, quote: long("引用文", 100) })),
    confidence: 0.8,
    toolCalls: [],
  }));
  return run;
}

describe("cards: size limits", () => {
  it("shrinks a huge Japanese answer to fit Teams' card size limit, keeping the start of every part", () => {
    const card = buildAnswerCard(answerViewFromRun(verboseJapaneseRun(), NAMES, { threshold: 80 }));
    assert.ok(cardBytes(card) <= CARD_SIZE_LIMIT_BYTES, `${cardBytes(card)} bytes`);
    const text = textOf(card);
    assert.ok(text.includes("結論：値上げは契約上限を超えます。"));
    assert.ok(text.includes("根拠0：") && text.includes("CTR-0"));
    assert.ok(
      text.includes("契約スペシャリスト") && text.includes("支出アナリスト") && text.includes("交渉アドバイザー"),
      "every finding keeps its section",
    );
    assert.equal(nodesOfType(card, "Action.ToggleVisibility").length, 3);
    assert.equal(nodesOfType(card, "Action.Execute").length, 2, "feedback survives shrinking");
    assert.ok(text.includes("…"), "shortened texts say so");
  });

  it("shrinks a huge approval card too, keeping all three decisions", () => {
    const run = verboseJapaneseRun();
    const card = buildApprovalCard(approvalViewFromRun(run, NAMES, { approvalId: "apr-1", requesterName: "田中", threshold: 80 }));
    assert.ok(cardBytes(card) <= CARD_SIZE_LIMIT_BYTES, `${cardBytes(card)} bytes`);
    assert.deepEqual(
      nodesOfType(card, "Action.Execute").map((action) => action.verb),
      ["approval.approve", "approval.edit", "approval.reject"],
    );
    const edit = nodesOfType(card, "Input.Text").find((input) => input.id === "editedText")!;
    assert.ok(String(edit.value).startsWith("結論：値上げは契約上限を超えます。"));
  });

  it("keeps an ordinary answer at full length", () => {
    const card = buildAnswerCard(answerViewFromRun(completedRun(), NAMES, { threshold: 80 }));
    assert.ok(!textOf(card).includes("…"));
    assert.ok(cardBytes(card) < 8 * 1024);
  });
});
