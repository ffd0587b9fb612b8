import assert from "node:assert/strict";
import { classifyMessage } from "../../../src/teams/inbound-message";

describe("teams/inbound-message classifyMessage", () => {
  const cases: [string, Parameters<typeof classifyMessage>[0], ReturnType<typeof classifyMessage>][] = [
    ["a question, trimmed", { text: "  Can we renew Acme at +8%?  " }, { kind: "question", text: "Can we renew Acme at +8%?" }],
    ["a Japanese question", { text: "取引先A社の支出推移は？" }, { kind: "question", text: "取引先A社の支出推移は？" }],
    ["help in any case, with a slash", { text: " /HELP " }, { kind: "command", command: "help" }],
    ["help in Japanese", { text: "ヘルプ" }, { kind: "command", command: "help" }],
    ["reset", { text: "reset" }, { kind: "command", command: "reset" }],
    [
      "a question that mentions help is a question",
      { text: "help me compare suppliers" },
      { kind: "question", text: "help me compare suppliers" },
    ],
    ["whitespace and no-break spaces", { text: " \u00a0\n\t" }, { kind: "empty" }],
    ["no text at all", {}, { kind: "empty" }],
    [
      "Teams' HTML copy of an empty message is not a file",
      { text: "", attachments: [{ contentType: "text/html", content: "<p></p>" }] },
      { kind: "empty" },
    ],
    ["a file without text", { text: "", attachments: [{ contentType: "image/png", contentUrl: "x" }] }, { kind: "attachments_only" }],
    [
      "a file with text is a question",
      { text: "what is this quote?", attachments: [{ contentType: "image/png" }] },
      { kind: "question", text: "what is this quote?" },
    ],
    ["an Action.Submit payload", { text: "", value: { verb: "x" } }, { kind: "card_submit" }],
  ];
  for (const [name, activity, expected] of cases) it(name, () => assert.deepEqual(classifyMessage(activity, 100), expected));

  it("counts characters, not UTF-16 units, against the limit", () => {
    assert.deepEqual(classifyMessage({ text: "😀".repeat(10) }, 10), { kind: "question", text: "😀".repeat(10) });
    assert.deepEqual(classifyMessage({ text: "😀".repeat(11) }, 10), { kind: "too_long", length: 11, max: 10 });
  });
});
