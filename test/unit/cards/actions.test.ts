import assert from "node:assert/strict";
import { MAX_EDITED_TEXT_CHARS, parseCardAction } from "../../../src/cards/actions";
import { MAX_COMMENT_CHARS } from "../../../src/domain";

describe("cards/actions parseCardAction", () => {
  const valid: [string, unknown, unknown][] = [
    ["feedback up, no comment", { verb: "feedback", runId: "run-1", rating: "up" }, { verb: "feedback", runId: "run-1", rating: "up" }],
    [
      "feedback: empty comment input means none",
      { verb: "feedback", runId: "run-1", rating: "down", comment: "  " },
      { verb: "feedback", runId: "run-1", rating: "down" },
    ],
    [
      "feedback comment trimmed",
      { verb: "feedback", runId: "run-1", rating: "down", comment: " wrong supplier \n" },
      { verb: "feedback", runId: "run-1", rating: "down", comment: "wrong supplier" },
    ],
    [
      "invoke value shape {action:{verb,data}} with inputs merged into data",
      { action: { type: "Action.Execute", verb: "feedback", data: { runId: "run-1", rating: "up", comment: "great" } }, trigger: "manual" },
      { verb: "feedback", runId: "run-1", rating: "up", comment: "great" },
    ],
    ["approve", { verb: "approval.approve", approvalId: "apr-1" }, { verb: "approval.approve", approvalId: "apr-1" }],
    [
      "approve ignores stray inputs",
      { verb: "approval.approve", approvalId: "apr-1", reason: "" },
      { verb: "approval.approve", approvalId: "apr-1" },
    ],
    [
      "edit",
      { verb: "approval.edit", approvalId: "apr-1", editedText: "Yes, at 5%." },
      { verb: "approval.edit", approvalId: "apr-1", editedText: "Yes, at 5%." },
    ],
    [
      "reject",
      { action: { verb: "approval.reject", data: { approvalId: "apr-1", reason: "needs legal" } } },
      { verb: "approval.reject", approvalId: "apr-1", reason: "needs legal" },
    ],
    [
      "edited text at the cap",
      { verb: "approval.edit", approvalId: "a", editedText: "x".repeat(MAX_EDITED_TEXT_CHARS) },
      { verb: "approval.edit", approvalId: "a", editedText: "x".repeat(MAX_EDITED_TEXT_CHARS) },
    ],
  ];
  for (const [name, input, expected] of valid)
    it(`accepts ${name}`, () => {
      assert.deepEqual(parseCardAction(input), { ok: true, action: expected });
    });

  const invalid: [string, unknown, "malformed" | "unknown_verb" | "oversized", RegExp][] = [
    ["undefined", undefined, "malformed", /not an object/],
    ["a string", "feedback", "malformed", /not an object/],
    ["an array", [{ verb: "feedback" }], "malformed", /not an object/],
    ["missing verb", { runId: "run-1", rating: "up" }, "malformed", /no verb/],
    ["verb of the wrong type", { verb: 7, runId: "run-1" }, "malformed", /no verb/],
    ["unknown verb", { verb: "approval.delete", approvalId: "apr-1" }, "unknown_verb", /approval\.delete/],
    ["rating outside up/down", { verb: "feedback", runId: "run-1", rating: "meh" }, "malformed", /rating/],
    ["runId of the wrong type", { verb: "feedback", runId: 12, rating: "up" }, "malformed", /runId/],
    ["missing approval id", { verb: "approval.approve" }, "malformed", /approvalId/],
    ["id with unsafe characters", { verb: "approval.approve", approvalId: "apr-1' OR 1=1" }, "malformed", /approvalId/],
    ["edit without text", { verb: "approval.edit", approvalId: "apr-1", editedText: "   " }, "malformed", /editedText/],
    ["reject without reason", { verb: "approval.reject", approvalId: "apr-1" }, "malformed", /reason/],
    [
      "oversized comment",
      { verb: "feedback", runId: "r", rating: "up", comment: "x".repeat(MAX_COMMENT_CHARS + 1) },
      "oversized",
      /comment/,
    ],
    [
      "oversized edited text",
      { verb: "approval.edit", approvalId: "a", editedText: "x".repeat(MAX_EDITED_TEXT_CHARS + 1) },
      "oversized",
      /editedText/,
    ],
    ["oversized reason", { verb: "approval.reject", approvalId: "a", reason: "x".repeat(MAX_COMMENT_CHARS + 1) }, "oversized", /reason/],
    ["oversized id", { verb: "approval.approve", approvalId: "a".repeat(201) }, "oversized", /approvalId/],
  ];
  for (const [name, input, code, message] of invalid)
    it(`rejects ${name} as ${code}`, () => {
      const result = parseCardAction(input);
      assert.equal(result.ok, false);
      if (result.ok) return;
      assert.equal(result.error.code, code);
      assert.match(result.error.message, message);
    });

  it("never throws, even on hostile objects", () => {
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error("boom");
        },
        ownKeys: () => {
          throw new Error("boom");
        },
      },
    );
    const getter = Object.defineProperty({}, "verb", {
      get: () => {
        throw new Error("boom");
      },
      enumerable: true,
    });
    for (const input of [null, 0, true, Symbol("x"), { action: null }, { action: { verb: "feedback", data: "x" } }, hostile, getter]) {
      const result = parseCardAction(input);
      assert.equal(result.ok, false);
    }
  });

  it("does not echo long user text into the error message", () => {
    const result = parseCardAction({ verb: "x".repeat(5000) });
    assert.ok(!result.ok && result.error.message.length < 100);
  });

  it("keeps only web links in an edited answer: other links keep their text, autolinks and definitions of them go", () => {
    const editedText = [
      "Approved [policy](https://contoso.sharepoint.com/p) and [site](http://intranet.example/x).",
      "[click](javascript:alert(1)) ![pixel](data:image/png;base64,AAAA) [mail]( JaVaScRiPt:void(0) ) <javascript:alert(2)>",
      "[local](file:///etc/passwd) [rel](/relative) <https://contoso.com/ok>",
      "[ref]: javascript:alert(3)",
      "[web]: https://contoso.com/ref",
    ].join("\n");
    const result = parseCardAction({ action: { verb: "approval.edit", data: { approvalId: "a-1", editedText } } });
    assert.ok(result.ok && result.action.verb === "approval.edit");
    assert.equal(
      result.action.editedText,
      [
        "Approved [policy](https://contoso.sharepoint.com/p) and [site](http://intranet.example/x).",
        "click) pixel mail ) javascript:alert(2)",
        "local rel <https://contoso.com/ok>",
        "",
        "[web]: https://contoso.com/ref",
      ].join("\n"),
    );
  });
});
