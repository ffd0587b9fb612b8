import assert from "node:assert/strict";
import { CARD_VERBS, MAX_EDITED_TEXT_CHARS } from "../../../src/cards/actions";
import { MAX_COMMENT_CHARS } from "../../../src/domain";
import { buildApprovalCard } from "../../../src/cards/approval-cards";
import { approvalViewFromRun, draftTextFromAnswer } from "../../../src/cards/view-models";
import { allNodes, ids, nodesOfType, textOf } from "../../fixtures/cards/card-query";
import { completedRun, japaneseOfflineRun, NAMES } from "../../fixtures/cards/sample-runs";

const options = { approvalId: "apr-42", requesterName: "Aiko Tanaka", threshold: 80 };
const paused = () =>
  completedRun({ status: "awaiting_approval", approval: { reasons: ["amount above 10,000,000 JPY", "router: contract commitment"] } });

describe("cards/approval-card", () => {
  const card = buildApprovalCard(approvalViewFromRun(paused(), NAMES, options));

  it("shows the question, requester, specialists, why approval is needed, the draft and QSCORE (en)", () => {
    const text = textOf(card);
    for (const expected of [
      "Approval needed",
      "Requester: ",
      "Aiko Tanaka",
      "Specialists: ",
      "Contract specialist, Negotiation advisor, Spend analyst",
      "Can we renew the Acme SaaS contract at +8%?",
      "Why approval is needed",
      "• amount above 10,000,000 JPY",
      "• router: contract commitment",
      "Draft answer",
      "No: the contract caps yearly increases at 5%, so +8% needs a contract amendment.",
      "• The price adjustment clause caps increases at 5%.\n [1]",
      "[1] \nContract CTR-0012",
      "QSCORE 72 → 86",
    ])
      assert.ok(text.includes(expected), `missing: ${expected}`);
  });

  it("uses Japanese labels for a Japanese run", () => {
    const text = textOf(
      buildApprovalCard(approvalViewFromRun({ ...japaneseOfflineRun(), approval: { reasons: ["金額が閾値を超過"] } }, NAMES, options)),
    );
    for (const expected of ["承認が必要です", "依頼者: ", "承認が必要な理由", "• 金額が閾値を超過", "回答案", "結論", "契約スペシャリスト"])
      assert.ok(text.includes(expected), `missing: ${expected}`);
    const titles = allNodes(buildApprovalCard(approvalViewFromRun(japaneseOfflineRun(), NAMES, options))).map((node) => node.title);
    assert.ok(titles.includes("承認") && titles.includes("編集して承認") && titles.includes("却下"));
  });

  it("shows a Japanese run's approval reasons and reminder date in Japanese", () => {
    const reasons = ["ルーター: 高額の購入", "規程: 金額¥50,000,000は承認基準額¥10,000,000以上です"];
    const view = approvalViewFromRun({ ...japaneseOfflineRun(), approval: { reasons } }, NAMES, {
      ...options,
      reminderSince: "2025-06-01T09:00:07Z",
    });
    const text = textOf(buildApprovalCard(view));
    for (const reason of reasons) assert.ok(text.includes(`• ${reason}`), reason);
    assert.ok(text.includes("2025年6月1日 18:00（日本時間）"), text);
  });

  it("offers Approve, Edit & approve and Reject as Action.Execute whose data is only the approval id", () => {
    const executes = nodesOfType(card, "Action.Execute");
    assert.deepEqual(
      executes.map((action) => action.verb),
      [CARD_VERBS.approve, CARD_VERBS.edit, CARD_VERBS.reject],
    );
    for (const action of executes) assert.deepEqual(action.data, { approvalId: "apr-42" });
    const approve = executes[0];
    assert.equal(approve.associatedInputs, "none", "approving never submits (or validates) the reject reason");
    assert.deepEqual(
      (card.actions as { type: string; title: string }[]).map((action) => [action.type, action.title]),
      [
        ["Action.Execute", "Approve"],
        ["Action.ShowCard", "Edit & approve"],
        ["Action.ShowCard", "Reject"],
      ],
    );
  });

  it("prefills the multi-line edit input with the draft conclusion and rationale", () => {
    const edit = nodesOfType(card, "Input.Text").find((input) => input.id === "editedText")!;
    assert.equal(edit.isMultiline, true);
    assert.equal(edit.maxLength, MAX_EDITED_TEXT_CHARS);
    assert.equal(edit.value, draftTextFromAnswer(paused().answer!));
    assert.equal(
      edit.value,
      [
        "No: the contract caps yearly increases at 5%, so +8% needs a contract amendment.",
        "",
        "- The price adjustment clause caps increases at 5%. [CTR-0012]",
        "- Renewals of this size need CPO approval. [POL-APPROVAL-MATRIX §3.2]",
        "- Spend is growing.",
      ].join("\n"),
    );
  });

  it("requires a reject reason, with an error message", () => {
    const reason = nodesOfType(card, "Input.Text").find((input) => input.id === "reason")!;
    assert.equal(reason.isRequired, true);
    assert.equal(reason.errorMessage, "A reason is required to reject.");
    assert.equal(reason.maxLength, MAX_COMMENT_CHARS);
    assert.equal(reason.label, "Reason for rejection");
  });

  it("keeps element ids unique (draft toggles are prefixed)", () => {
    const all = ids(card);
    assert.equal(new Set(all).size, all.length);
    assert.ok(all.includes("draft-finding-0-details") && all.includes("draft-finding-1-details"));
  });

  it("adds a reminder line only in the reminder variant, as a local date/time", () => {
    assert.ok(!ids(card).includes("approval-reminder"));
    const reminder = buildApprovalCard(approvalViewFromRun(paused(), NAMES, { ...options, reminderSince: "2025-06-01T09:00:07.123Z" }));
    const line = nodesOfType(reminder, "TextBlock").find((node) => node.id === "approval-reminder")!;
    assert.equal(
      line.text,
      "⏰ Reminder: waiting for a decision since {{DATE(2025-06-01T09:00:07Z, SHORT)}} {{TIME(2025-06-01T09:00:07Z)}}",
    );
  });

  it("falls back to the moderator's hitl reason when the run recorded none", () => {
    const run = completedRun();
    run.answer = { ...run.answer!, hitl: true, hitlReason: "commitment above policy limit" };
    assert.deepEqual(approvalViewFromRun(run, NAMES, options).reasons, ["commitment above policy limit"]);
  });
});
