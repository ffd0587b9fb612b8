import assert from "node:assert/strict";
import { parseApprovalsHistoryCommand } from "../../../src/teams/inbound-message";
import { classifyMessage } from "../../../src/teams/inbound-message";

describe("teams/approvals-history-command parseApprovalsHistoryCommand", () => {
  const cases: [string, string, ReturnType<typeof parseApprovalsHistoryCommand>][] = [
    ["the bare command: 30 days, no supplier", "approvals history", { ok: true, query: { days: 30, page: 0 }, language: "en" }],
    [
      "days and a supplier of several words",
      "Approvals History 7 Acme Logistics",
      { ok: true, query: { days: 7, supplier: "Acme Logistics", page: 0 }, language: "en" },
    ],
    ["a supplier without days", "approval history Globex", { ok: true, query: { days: 30, supplier: "Globex", page: 0 }, language: "en" }],
    [
      "Japanese, full-width digits and space, 日",
      "承認履歴　９０日　取引先A社。",
      { ok: true, query: { days: 90, supplier: "取引先A社", page: 0 }, language: "ja" },
    ],
    ["zero days", "approvals history 0 Acme", { ok: false, problem: "days", language: "en" }],
    ["more than a year", "承認履歴 400", { ok: false, problem: "days", language: "ja" }],
    ["a supplier that is a paragraph", `approvals history 30 ${"x".repeat(101)}`, { ok: false, problem: "supplier", language: "en" }],
    ["another sentence", "what is the approvals history of Acme?", undefined],
    ["a word that only starts like it", "approvals historyX", undefined],
  ];
  for (const [name, text, expected] of cases)
    it(name, () => {
      assert.deepEqual(parseApprovalsHistoryCommand(text), expected);
    });

  it("is a command to classifyMessage, not a question", () => {
    assert.deepEqual(classifyMessage({ text: "approvals history 30 Acme" }, 4000), {
      kind: "approvals_history",
      command: { ok: true, query: { days: 30, supplier: "Acme", page: 0 }, language: "en" },
    });
  });
});
