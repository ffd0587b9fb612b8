import assert from "node:assert/strict";
import { buildErrorCard, buildGuideCard, buildRequesterNotice } from "../../../src/cards/notice-cards";
import { stringsFor } from "../../../src/domain";
import { errorViewFromRun, progressViewFromRun } from "../../../src/cards";
import { nodesOfType, textOf } from "../../fixtures/cards/card-query";
import { completedRun } from "../../fixtures/cards/sample-runs";

const GUIDE = { memoryTtlMs: 8 * 3_600_000 };

describe("cards/notice-cards", () => {
  it("error card: what happened, what to do, and the correlation id (en/ja)", () => {
    const run = completedRun({
      status: "failed",
      failure: { message: "moderator failed twice: SECRET internals", correlationId: "corr-7f3a" },
    });
    const english = buildErrorCard(errorViewFromRun(run));
    const text = textOf(english);
    assert.ok(text.includes("Sorry, something went wrong"));
    assert.ok(text.includes("send the correlation id below to your administrator"));
    assert.ok(text.includes("Correlation id: corr-7f3a"));
    assert.ok(!text.includes("SECRET"), "the failure message is for operators, not users");
    const japanese = textOf(buildErrorCard({ language: "ja", correlationId: "corr-7f3a" }));
    assert.ok(japanese.includes("エラーが発生しました") && japanese.includes("相関 ID: corr-7f3a"));
  });

  it("out-of-scope card: a short polite reply, what Procura answers, and three example questions, all in the asker's language", () => {
    const english = textOf(buildRequesterNotice("outOfScope", { language: "en", question: "What will the weather be in Tokyo tomorrow?" }));
    assert.ok(english.includes("That is outside what I can help with"));
    assert.ok(english.includes("I answer procurement questions only"));
    assert.ok(english.includes("What will the weather be in Tokyo tomorrow?"), "the question is quoted");
    assert.equal((english.match(/• /g) ?? []).length, 3, english);
    assert.ok(!/[\u3040-\u30ff]/.test(english), "no Japanese in the English card");
    const japanese = textOf(buildRequesterNotice("outOfScope", { language: "ja", question: "明日の東京の天気は？" }));
    assert.ok(japanese.includes("この質問にはお答えできません") && japanese.includes("調達に関する質問"));
    assert.ok(japanese.includes("• 1,500万円の購入には誰の承認が必要ですか？"));
    assert.ok(!(english + japanese).includes("QSCORE"), "no quality badge");
  });

  it("progress view of an out-of-scope run lists no specialist left waiting", () => {
    const run = completedRun({ status: "out_of_scope", answer: undefined, findings: [] });
    const view = progressViewFromRun(run, {}, new Date("2026-04-01T09:00:10Z"));
    assert.deepEqual(view.specialists, []);
    assert.equal(view.phase, "answered");
  });

  it("error view falls back to the run id when no correlation id was recorded", () => {
    assert.deepEqual(errorViewFromRun(completedRun()), { language: "en", correlationId: "run-0001" });
  });

  it("help and welcome cards list the prompt starters of the reader's language and the help/reset commands", () => {
    for (const language of ["en", "ja"] as const) {
      for (const card of [buildGuideCard("help", language, GUIDE), buildGuideCard("welcome", language, GUIDE)]) {
        const text = textOf(card);
        for (const starter of stringsFor(language).promptStarters)
          assert.ok(text.includes(`• ${starter.question}`), `${language}: ${starter.question}`);
        assert.ok(text.includes("• help — ") && text.includes("• reset — "), language);
      }
    }
    assert.ok(textOf(buildGuideCard("help", "ja", GUIDE)).includes("• 取引先A社の支出推移は？"));
    assert.ok(textOf(buildGuideCard("help", "en", GUIDE)).includes("@mention me"));
    assert.ok(textOf(buildGuideCard("help", "ja", GUIDE)).includes("@メンション"));
  });

  it("help and welcome cards say that a command in a channel needs an @mention too (Teams passes on no other message)", () => {
    const example = { en: "commands included (“@Procura approvals history”)", ja: "コマンドも含めて毎回 @メンション" };
    for (const language of ["en", "ja"] as const)
      for (const card of [buildGuideCard("help", language, GUIDE), buildGuideCard("welcome", language, GUIDE)])
        assert.ok(textOf(card).includes(example[language]), language);
  });

  it("welcome card introduces the council and includes the help content", () => {
    const text = textOf(buildGuideCard("welcome", "en", GUIDE));
    assert.ok(text.startsWith("Welcome to Procura"));
    assert.ok(text.includes("council of specialists") && text.includes("Examples") && text.includes("Commands"));
    assert.ok(textOf(buildGuideCard("welcome", "ja", GUIDE)).startsWith("Procura へようこそ"));
  });

  it("under-review notice repeats the question (ja)", () => {
    const text = textOf(buildRequesterNotice("underReview", { language: "ja", question: "1,500万円の購買の承認は？" }));
    assert.ok(text.includes("回答は承認待ちです") && text.includes("1,500万円の購買の承認は？"));
  });

  it("rejection notice gives the approver's reason as plain text", () => {
    const card = buildRequesterNotice("rejected", { language: "en", question: "Renew at +8%?", reason: "Needs a **legal** review first" });
    const text = textOf(card);
    assert.ok(text.includes("Your answer was not approved") && text.includes("Reason"));
    const run = nodesOfType(card, "TextRun").find((node) => node.text === "Needs a **legal** review first");
    assert.ok(run, "the reason is a TextRun (no markdown processing)");
  });

  it("expired notice tells the requester to ask again", () => {
    const text = textOf(buildRequesterNotice("expired", { language: "en", question: "Renew at +8%?" }));
    assert.ok(text.includes("could not be reviewed in time") && text.includes("Renew at +8%?"));
  });

  it("notices have no actions or inputs", () => {
    for (const card of [
      buildErrorCard({ language: "en", correlationId: "c" }),
      buildGuideCard("help", "en", GUIDE),
      buildRequesterNotice("underReview", { language: "en", question: "q" }),
    ]) {
      assert.equal(nodesOfType(card, "Action.Execute").length + nodesOfType(card, "Input.Text").length, 0);
      assert.equal(card.version, "1.5");
    }
  });
});
