import assert from "node:assert/strict";
import { buildApprovalOutcomeCard } from "../../../src/cards/approval-cards";
import type { ApprovalOutcomeView } from "../../../src/cards/view-models";
import { nodesOfType, textOf, texts } from "../../fixtures/cards/card-query";

const base: ApprovalOutcomeView = {
  language: "en",
  question: "Renew Acme at +8%?",
  decision: "approved",
  deciderName: "Ken Sato",
  decidedAt: "2025-06-02T03:04:05.678Z",
};

describe("cards/approval-outcome-card", () => {
  it("says each decision in words and colour, with no emoji mark (an empty box where no emoji font is installed)", () => {
    for (const language of ["en", "ja"] as const)
      for (const decision of ["approved", "edited", "rejected"] as const)
        assert.doesNotMatch(
          texts(buildApprovalOutcomeCard({ ...base, language, decision, finalText: "x" }))[0],
          /\p{Extended_Pictographic}/u,
        );
  });

  it("approved: decision, who, when and the final text; no actions left", () => {
    const card = buildApprovalOutcomeCard({ ...base, finalText: "No: capped at 5%.\n- Clause §4.2 [CTR-0012]" });
    const text = textOf(card);
    assert.ok(texts(card)[0] === "Approved");
    assert.ok(text.includes("By: ") && text.includes("Ken Sato"));
    assert.ok(text.includes("When:\n{{DATE(2025-06-02T03:04:05Z, SHORT)}} {{TIME(2025-06-02T03:04:05Z)}}"));
    assert.ok(text.includes("Final answer") && text.includes("No: capped at 5%.") && text.includes("- Clause §4.2 [CTR-0012]"));
    assert.equal(nodesOfType(card, "Action.Execute").length + nodesOfType(card, "Input.Text").length, 0);
  });

  it("edited (ja): the edited text and the approver's comment", () => {
    const text = textOf(
      buildApprovalOutcomeCard({ ...base, language: "ja", decision: "edited", comment: "価格根拠を追記", finalText: "修正版の回答" }),
    );
    for (const expected of ["編集して承認済み", "判断者: ", "コメント", "価格根拠を追記", "最終回答", "修正版の回答"])
      assert.ok(text.includes(expected), expected);
  });

  it("rejected: the reason under a Reason heading, and no final text", () => {
    const text = textOf(buildApprovalOutcomeCard({ ...base, decision: "rejected", comment: "Needs legal review" }));
    assert.ok(text.includes("Rejected") && text.includes("Reason\nNeeds legal review"));
    assert.ok(!text.includes("Final answer"));
  });

  it("rejected (ja): Japanese labels and a ja-JP date", () => {
    const text = textOf(buildApprovalOutcomeCard({ ...base, language: "ja", decision: "rejected", comment: "法務確認が必要" }));
    assert.ok(text.includes("却下"), text);
    assert.ok(text.includes("2025年6月2日 12:04（日本時間）"), text);
    assert.ok(!text.includes("{{DATE"), "no client-locale date function on a Japanese card");
  });

  it("expired: no decider, and an explanation", () => {
    const { deciderName: _omitted, ...expired } = base;
    const text = textOf(buildApprovalOutcomeCard({ ...expired, decision: "expired" }));
    assert.ok(text.startsWith("⌛ Expired without a decision"));
    assert.ok(text.includes("the requester has been told"));
    assert.ok(!text.includes("By: "));
  });

  it("a click after the expiry: the expired card says the decision was not recorded (en and ja); other cards never do", () => {
    const { deciderName: _omitted, ...expired } = base;
    const en = textOf(buildApprovalOutcomeCard({ ...expired, decision: "expired", refusedAsTooLate: true }));
    assert.ok(en.startsWith("⌛ Expired without a decision\nYour decision was not recorded: the review period had already ended."), en);
    const ja = textOf(buildApprovalOutcomeCard({ ...expired, language: "ja", decision: "expired", refusedAsTooLate: true }));
    assert.ok(ja.includes("確認期間が既に終了しているため、この判断は記録されませんでした"), ja);
    assert.ok(!textOf(buildApprovalOutcomeCard({ ...expired, decision: "expired" })).includes("not recorded"));
  });
});
