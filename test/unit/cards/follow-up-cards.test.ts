import assert from "node:assert/strict";
import { buildAnswerCard } from "../../../src/cards/answer-body";
import { followUpQuestionOf, MAX_FOLLOW_UP_CHARS } from "../../../src/cards/actions";
import { labelsFor } from "../../../src/domain";
import { buildClarificationCard, buildGuideCard, durationText } from "../../../src/cards/notice-cards";
import { answerViewFromRun } from "../../../src/cards/view-models";
import { nodesOfType, textOf } from "../../fixtures/cards/card-query";
import { completedRun, NAMES } from "../../fixtures/cards/sample-runs";

describe("cards for follow-ups", () => {
  const followUp = completedRun({
    question: "And with Nimbus?",
    standaloneQuestion: "How much did we spend with Nimbus Workflow Inc. in FY2025?",
    understanding: { kind: "rewritten", turnsSeen: 1 },
    suggestedFollowUps: ["And in FY2024?", "Why?"],
  });

  it("says what a rewritten follow-up was understood as, and nothing when the question stood alone", () => {
    const card = buildAnswerCard(answerViewFromRun(followUp, NAMES, { threshold: 80 }));
    assert.ok(textOf(card).includes("Understood as: \nHow much did we spend with Nimbus Workflow Inc. in FY2025?"), textOf(card));
    const ja = buildAnswerCard(answerViewFromRun(followUp, NAMES, { threshold: 80, language: "ja" }));
    assert.ok(textOf(ja).includes(`${labelsFor("ja").understoodAs}: \nHow much`));
    const standalone = completedRun({ standaloneQuestion: completedRun().question, understanding: { kind: "standalone", turnsSeen: 2 } });
    assert.ok(!textOf(buildAnswerCard(answerViewFromRun(standalone, NAMES, { threshold: 80 }))).includes("Understood as"));
  });

  it("wraps every text and every suggested follow-up, so nothing is cut off at a narrow width", () => {
    const long = {
      ...followUp,
      suggestedFollowUps: ["How much did we spend with Oceanic Freight Lines Pte. Ltd. in FY2024 compared with FY2023?"],
    };
    const card = buildAnswerCard(answerViewFromRun(long, NAMES, { threshold: 80 }));
    const texts = nodesOfType(card, "TextBlock") as { text: string; wrap?: boolean }[];
    assert.deepEqual(
      // Only short fixed labels ("Procura", "confidence 90%", the ▸ toggles) may stay on one line.
      texts.filter((block) => block.wrap !== true && block.text.length > 16).map((block) => block.text),
      [],
    );
    assert.ok(texts.some((block) => block.text.includes("Oceanic Freight Lines Pte. Ltd. in FY2024 compared with FY2023?")));
    assert.equal(nodesOfType(card, "ActionSet").length > 0 && JSON.stringify(nodesOfType(card, "ActionSet")).includes("followUp"), false);
  });

  it("offers the suggested follow-ups as buttons whose submit arrives as the question", () => {
    const card = buildAnswerCard(answerViewFromRun(followUp, NAMES, { threshold: 80 }));
    const buttons = nodesOfType(card, "Action.Submit") as { title: string; data: unknown }[];
    assert.deepEqual(
      buttons.map((button) => button.title),
      ["And in FY2024?", "Why?"],
    );
    assert.deepEqual(
      buttons.map((button) => followUpQuestionOf(button.data)),
      ["And in FY2024?", "Why?"],
    );
    assert.ok(textOf(card).includes("You could ask next"));
    const none = buildAnswerCard(answerViewFromRun(completedRun(), NAMES, { threshold: 80 }));
    assert.equal(nodesOfType(none, "Action.Submit").length, 0, "a run without suggestions shows no section");
  });

  it("accepts only a bounded follow-up question back from a card", () => {
    assert.equal(followUpQuestionOf({ followUp: "  Why?  ", msteams: { type: "messageBack" } }), "Why?");
    for (const value of [
      undefined,
      null,
      "Why?",
      { followUp: "" },
      { followUp: 3 },
      { followUp: "x".repeat(MAX_FOLLOW_UP_CHARS + 1) },
      { verb: "feedback" },
    ])
      assert.equal(followUpQuestionOf(value), undefined, JSON.stringify(value));
  });

  it("tells what the bot remembers and for how long, in the welcome and help cards (en/ja)", () => {
    const guide = { memoryTtlMs: 8 * 3_600_000 };
    for (const card of [buildGuideCard("welcome", "en", guide), buildGuideCard("help", "en", guide)]) {
      assert.ok(textOf(card).includes("for 8 hours after your latest question"), textOf(card));
      assert.ok(textOf(card).includes("each thread has its own memory"));
      assert.ok(textOf(card).includes("In group chats and channels I remember each person's questions separately"));
      assert.ok(textOf(card).includes("reset — forget your questions and answers in this conversation"));
    }
    for (const card of [buildGuideCard("welcome", "ja", guide), buildGuideCard("help", "ja", guide)]) {
      assert.ok(textOf(card).includes("最後の質問から8時間覚えています"));
      assert.ok(textOf(card).includes("グループチャットとチャネルでは参加者ごとに別々に記憶"));
      assert.ok(textOf(card).includes("reset — この会話でのあなたの質問と回答の記憶を消去"));
    }
    assert.ok(textOf(buildGuideCard("help", "en", { memoryTtlMs: 30 * 60_000 })).includes("for 30 minutes"));
    assert.deepEqual(
      [durationText(86_400_000, "en"), durationText(90 * 60_000, "en"), durationText(3_600_000, "ja"), durationText(1000, "en")],
      ["1 day", "90 minutes", "1時間", "1 second"],
    );
  });

  it("asks back with the message it could not resolve", () => {
    const card = buildClarificationCard({ language: "en", question: "and them?", clarification: "Which supplier do you mean?" });
    assert.ok(textOf(card).includes("Which one do you mean?"));
    assert.ok(textOf(card).includes("Which supplier do you mean?"));
    assert.ok(textOf(card).includes("and them?"));
  });
});
