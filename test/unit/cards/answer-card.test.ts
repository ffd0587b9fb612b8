import assert from "node:assert/strict";
import { buildAnswerCard } from "../../../src/cards/answer-body";
import { CARD_VERBS, parseCardAction } from "../../../src/cards/actions";
import { FeedbackSchema, MAX_COMMENT_CHARS } from "../../../src/domain";
import { answerViewFromRun } from "../../../src/cards/view-models";
import { ids, nodesOfType, textOf, texts } from "../../fixtures/cards/card-query";
import { completedRun, japaneseOfflineRun, NAMES } from "../../fixtures/cards/sample-runs";

describe("cards/answer-card", () => {
  const english = buildAnswerCard(answerViewFromRun(completedRun(), NAMES, { threshold: 80 }));
  const japanese = buildAnswerCard(answerViewFromRun(japaneseOfflineRun(), NAMES, { threshold: 80 }));

  it("is an Adaptive Card 1.5", () => {
    assert.equal(english.type, "AdaptiveCard");
    assert.equal(english.version, "1.5");
  });

  it("shows the conclusion, rationale with numbered citations and the sources they point at, and numbered next actions (en)", () => {
    const text = textOf(english);
    for (const expected of [
      "Conclusion",
      "No: the contract caps yearly increases at 5%, so +8% needs a contract amendment.",
      "Rationale",
      "• The price adjustment clause caps increases at 5%.",
      "• The price adjustment clause caps increases at 5%.\n [1]\n• Renewals of this size need CPO approval.\n [2]\n• Spend is growing.",
      "Sources\n[1] \nContract CTR-0012\n — “increases shall not exceed 5% per year”\n[2] \nPolicy POL-APPROVAL-MATRIX §3.2\n — “renewals above 10M JPY need CPO approval”",
      "Next actions",
      "1. Ask Acme to justify the increase",
      "2. Prepare a counter-offer at 5%",
    ])
      assert.ok(text.includes(expected), `missing: ${expected}`);
    assert.ok(!text.includes("[]"), "a point without citations shows no empty brackets");
  });

  it("links a source's title to its record's document when the evidence has one, and leaves the others plain", () => {
    const url = "https://contoso.sharepoint.com/sites/Procurement/Contracts/CTR-0012.pdf";
    const run = completedRun();
    const findings = run.findings.map((finding) =>
      finding.status === "ok" && finding.specialist === "contract"
        ? { ...finding, evidence: finding.evidence.map((item) => (item.referenceId === "CTR-0012" ? { ...item, url } : item)) }
        : finding,
    );
    const card = buildAnswerCard(answerViewFromRun({ ...run, findings }, NAMES, { threshold: 80 }));
    const links = nodesOfType(card, "TextRun").filter((run) => run.selectAction !== undefined);
    assert.deepEqual(
      links.map((run) => [run.text, run.selectAction]),
      [["Contract CTR-0012", { type: "Action.OpenUrl", title: "Contract CTR-0012", url }]],
    );
    assert.ok(textOf(card).includes("Sources\n[1] \nContract CTR-0012\n — “increases shall not exceed 5% per year”\n[2] \nPolicy"));
    assert.equal(nodesOfType(english, "Action.OpenUrl").length, 0, "no link where no record has a document");
  });

  it("uses Japanese labels and display names for a Japanese question", () => {
    const text = textOf(japanese);
    for (const expected of [
      "結論",
      "根拠",
      "スペシャリストの所見",
      "次のアクション",
      "いいえ。契約上の値上げ上限は年5%です。",
      "契約スペシャリスト",
      "支出アナリスト",
      "確信度 90%",
      "エビデンス",
      "この回答は役に立ちましたか？",
    ])
      assert.ok(text.includes(expected), `missing: ${expected}`);
    assert.ok(!text.includes("Conclusion"));
  });

  it("has one collapsible section per successful finding, in priority order, with evidence", () => {
    const toggles = nodesOfType(english, "Action.ToggleVisibility");
    assert.equal(toggles.length, 2);
    const text = textOf(english);
    assert.ok(text.indexOf("Contract specialist") < text.indexOf("Spend analyst"), "contract has priority over spend");
    assert.ok(text.includes("Capped at 5% by §4.2."), "the moderator's headline is visible while collapsed");
    assert.ok(text.includes("The price adjustment clause caps increases at 5%."));
    assert.ok(text.includes("CTR-0012 §4.2 limits yearly increases to 5%."));
    assert.ok(text.includes(" (contract) ") && text.includes("“increases shall not exceed 5% per year”"));
    assert.ok(text.includes("FY2023: 10.0M JPY") && text.includes("FY2024: 11.2M JPY"), "details keep their lines");
  });

  it("uses unique element ids, and every toggle targets existing hidden sections", () => {
    const all = ids(english);
    assert.equal(new Set(all).size, all.length, `duplicate ids: ${all}`);
    for (const toggle of nodesOfType(english, "Action.ToggleVisibility")) {
      const targets = toggle.targetElements as string[];
      assert.equal(targets.length, 3);
      for (const target of targets) assert.ok(all.includes(target), `toggle targets missing id ${target}`);
    }
    const details = nodesOfType(english, "Container").filter((node) => String(node.id ?? "").endsWith("-details"));
    assert.deepEqual(
      details.map((node) => [node.id, node.isVisible]),
      [
        ["answer-finding-0-details", false],
        ["answer-finding-1-details", false],
      ],
    );
  });

  it("shows both QSCOREs after a re-ask, coloured by the threshold", () => {
    const badge = nodesOfType(english, "Container").find((node) => node.id === "qscore-badge")!;
    assert.equal(badge.style, "good");
    assert.ok(textOf(badge).includes("QSCORE 72 → 86"));
    const single = nodesOfType(japanese, "Container").find((node) => node.id === "qscore-badge")!;
    assert.equal(textOf(single), "QSCORE 88");
  });

  it("names the failed specialist with its reason", () => {
    const text = textOf(english);
    assert.ok(text.includes("Not included (the specialist failed)"));
    assert.ok(text.includes("Negotiation advisor") && text.includes(": timed out after 30 s"));
    assert.ok(textOf(japanese).includes("交渉アドバイザー"));
  });

  it("labels offline answers, and only those", () => {
    assert.ok(textOf(japanese).includes("オフライン — 言語モデルを使わずに作成"));
    assert.ok(!textOf(english).toLowerCase().includes("offline"));
  });

  it("asks for feedback with 👍/👎 Action.Execute carrying the run id and rating, and a comment input", () => {
    const actions = nodesOfType(english, "Action.Execute");
    assert.deepEqual(
      actions.map((action) => [action.verb, action.title, action.data]),
      [
        [CARD_VERBS.feedback, "👍 Helpful", { runId: "run-0001", rating: "up" }],
        [CARD_VERBS.feedback, "👎 Not helpful", { runId: "run-0001", rating: "down" }],
      ],
    );
    const [comment] = nodesOfType(english, "Input.Text");
    assert.equal(comment.id, "comment");
    assert.equal(comment.maxLength, MAX_COMMENT_CHARS);
    assert.equal(comment.isMultiline, true);
  });

  it("is the final approved answer with a review line for a run an approver signed off; an edited one shows the edited text", () => {
    const approved = buildAnswerCard(
      answerViewFromRun(
        completedRun({ approval: { reasons: ["amount above the threshold"], id: "approval-run-0001", decision: "approved" } }),
        NAMES,
        { threshold: 80 },
      ),
    );
    // In words and colour: an emoji mark is an empty box where no emoji font is installed.
    assert.ok(texts(approved).includes("Reviewed by an approver"));
    assert.ok(textOf(approved).includes("• Spend is growing."));
    const editedText = `Yes, at 5% only.\n\nAsk for the CPO's sign-off. ${"Details. ".repeat(200)}`;
    const run = completedRun({ approval: { reasons: ["amount above the threshold"], id: "approval-run-0001", decision: "edited" } });
    const edited = buildAnswerCard(
      answerViewFromRun({ ...run, answer: { ...run.answer!, conclusion: editedText, rationale: [] } }, NAMES, { threshold: 80 }),
    );
    const text = textOf(edited);
    assert.ok(text.includes("Reviewed and edited by an approver"));
    assert.ok(text.includes("Yes, at 5% only.") && text.includes("Ask for the CPO's sign-off."));
    assert.ok(
      text.includes(editedText.split("\n\n")[1].trim()),
      "the edited text is shown whole (the final-text limit, not the conclusion's)",
    );
    assert.ok(!text.includes("• Spend is growing."));
    assert.ok(!text.includes("Contract specialist"), "the draft's findings argued for the draft, not for the approver's text");
    assert.ok(text.includes("(draft before review)"), "the QSCORE is labelled as the draft's");
    assert.ok(!textOf(english).includes("Reviewed"));
  });

  it("limits the comment input to the length the action parser and the stored feedback accept (2000)", () => {
    const [comment] = nodesOfType(english, "Input.Text");
    assert.equal(MAX_COMMENT_CHARS, 2000);
    assert.equal(comment.maxLength, MAX_COMMENT_CHARS);
    const longest = parseCardAction({ verb: CARD_VERBS.feedback, runId: "run-0001", rating: "up", comment: "x".repeat(MAX_COMMENT_CHARS) });
    assert.ok(longest.ok && longest.action.verb === CARD_VERBS.feedback && longest.action.comment?.length === MAX_COMMENT_CHARS);
    assert.equal(
      FeedbackSchema.safeParse({
        runId: "r",
        conversationId: "c",
        userId: "u",
        rating: "up",
        comment: "x".repeat(MAX_COMMENT_CHARS),
        at: "t",
      }).success,
      true,
    );
    const tooLong = parseCardAction({
      verb: CARD_VERBS.feedback,
      runId: "run-0001",
      rating: "up",
      comment: "x".repeat(MAX_COMMENT_CHARS + 1),
    });
    assert.equal(tooLong.ok, false);
    assert.equal(
      FeedbackSchema.safeParse({
        runId: "r",
        conversationId: "c",
        userId: "u",
        rating: "up",
        comment: "x".repeat(MAX_COMMENT_CHARS + 1),
        at: "t",
      }).success,
      false,
    );
  });
});
