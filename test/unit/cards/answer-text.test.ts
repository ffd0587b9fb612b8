import assert from "node:assert/strict";
import { answerMessageText, citationsFromAnswer, literalMarkdown } from "../../../src/cards";

const finding = { specialist: "contract", name: "Contract", headline: "", summary: "", details: "", confidence: 0.9 };
const body = {
  conclusion: "No: the cap is 5%.\nAsk for a justification.",
  rationale: [
    { point: "The clause caps increases at 5%.", citations: ["CTR-0012"] },
    { point: "Spend is growing.", citations: [] },
  ],
  findings: [{ ...finding, evidence: [{ source: "contract", referenceId: "CTR-0012", quote: "not exceed 5%" }] }],
};

describe("cards/answer-text", () => {
  it("writes the conclusion and each rationale point with the citation markers of the sources list", () => {
    const text = answerMessageText(body, citationsFromAnswer(body, "en"), "en");
    assert.equal(
      text,
      "No: the cap is 5%.\n\nAsk for a justification.\n\n**Rationale**\n\n• The clause caps increases at 5%. [1]\n\n• Spend is growing.",
    );
  });

  it("uses the question's language for its heading", () => {
    assert.match(answerMessageText(body, citationsFromAnswer(body, "ja"), "ja"), /\*\*根拠\*\*/);
  });

  it("makes model text literal: no links, images, mentions or formatting can be injected", () => {
    assert.equal(
      literalMarkdown("see [here](https://evil.example) **now** <at>all</at>"),
      "see \\[here\\]\\(https://evil.example\\) \\*\\*now\\*\\* \\<at\\>all\\</at\\>",
    );
    const text = answerMessageText({ conclusion: "![x](http://x)", rationale: [] }, [], "en");
    assert.equal(text, "!\\[x\\]\\(http://x\\)");
  });
});
