import assert from "node:assert/strict";
import {
  buildApprovalHistoryCard,
  buildGuideCard,
  HISTORY_PAGE_VERB,
  parseHistoryPageAction,
  type ApprovalHistoryView,
} from "../../../src/cards";
import { labelsFor } from "../../../src/domain";
import { cardTexts } from "../../fakes/fake-connector";

const en = labelsFor("en");

const view: ApprovalHistoryView = {
  language: "en",
  query: { days: 30, supplier: "Acme", page: 0 },
  hasMore: true,
  entries: [
    {
      question: "Renew Acme at ${price} +8%?",
      requesterName: "Aiko Tanaka",
      requesterAadObjectId: "aad-aiko",
      decision: "edit",
      approverName: "Kenji Sato",
      approverAadObjectId: "aad-kenji",
      decidedAt: "2026-04-01T09:45:00.000Z",
      timeToDecisionMs: 45 * 60_000,
      edited: true,
      thread: { conversationId: "19:a;messageid=111", activityId: "111" },
    },
  ],
};
const threadUrl = "https://teams.microsoft.com/l/message/19%3Aa/111?parentMessageId=111";

/** Every TextBlock of a card (at any depth). */
function textBlocks(node: unknown): { wrap?: boolean; text: string }[] {
  if (Array.isArray(node)) return node.flatMap(textBlocks);
  if (typeof node !== "object" || node === null) return [];
  const own = (node as { type?: string }).type === "TextBlock" ? [node as { wrap?: boolean; text: string }] : [];
  return [...own, ...Object.values(node).flatMap(textBlocks)];
}

describe("cards/approval-history-card", () => {
  it("shows each decision's fields, user text literally, every text block wrapping, and a next page button carrying the query", () => {
    const card = buildApprovalHistoryCard(view);
    const texts = cardTexts(card);
    for (const expected of ["Renew Acme at ${price} +8%?", "Aiko Tanaka", en.outcomeEdited, "Kenji Sato", "45 min", en.yes])
      assert.ok(texts.includes(expected), `${expected} in ${texts.join(" | ")}`);
    assert.ok(texts.includes(`[${en.historyOpenThread}](${threadUrl})`));
    assert.ok(
      textBlocks(card).every((block) => block.wrap === true),
      "text wraps",
    );
    assert.deepEqual(card.actions, [
      {
        type: "Action.Execute",
        title: en.historyNextPage,
        verb: HISTORY_PAGE_VERB,
        data: { days: 30, supplier: "Acme", page: 1, language: "en" },
      },
    ]);
  });

  it("says so when there is nothing, and has no button on the last page", () => {
    const card = buildApprovalHistoryCard({ ...view, entries: [], hasMore: false });
    assert.ok(cardTexts(card).includes(en.historyEmpty));
    assert.deepEqual(card.actions, []);
  });

  it("a next page click is validated: its query and language, or nothing for a forged or oversized one", () => {
    const data = { days: 30, supplier: "Acme", page: 1, language: "ja" };
    assert.deepEqual(parseHistoryPageAction({ action: { verb: HISTORY_PAGE_VERB, data } }), {
      query: { days: 30, supplier: "Acme", page: 1 },
      language: "ja",
    });
    for (const forged of [
      { ...data, days: 100_000 },
      { ...data, page: -1 },
      { ...data, supplier: "x".repeat(500) },
      { ...data, language: "fr" },
    ])
      assert.equal(parseHistoryPageAction({ action: { verb: HISTORY_PAGE_VERB, data: forged } }), undefined, JSON.stringify(forged));
    assert.equal(parseHistoryPageAction({ action: { verb: "approval.approve", data } }), undefined);
  });

  it("the help card tells approvers the command, in both languages", () => {
    const guide = { memoryTtlMs: 8 * 3_600_000 };
    assert.ok(
      cardTexts(buildGuideCard("help", "en", guide)).some((text) =>
        text.startsWith("• approvals history [days] [supplier] — approvers only"),
      ),
    );
    assert.ok(cardTexts(buildGuideCard("help", "ja", guide)).some((text) => text.startsWith("• 承認履歴 [日数] [取引先] — 承認者のみ")));
  });
});
