import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { TranscriptDocumentSchema, type Sample } from "../../../../src/domain";
import { toolCallAccuracy, type ToolCallAccuracyConfig } from "../../../../src/eval/metrics/tool-call-accuracy";
import { sampleToolCalls } from "../../../../src/eval/samples/sample-tool-calls";
import { transcriptToSample } from "../../../../src/eval/samples/transcript-to-sample";

const STRICT: ToolCallAccuracyConfig = { mode: "STRICT", threshold: 0.8 };

const transcript = TranscriptDocumentSchema.parse(
  JSON.parse(readFileSync(path.join(__dirname, "../../../fixtures/eval/transcript-acme-renewal.json"), "utf8")),
);

const search = { name: "search_flights", arguments: { destination: "NYC" } };
const book = { name: "book_flight", arguments: { flight_id: "UA123" } };
const reference = [search, book];
const ragasShaped: Sample = {
  id: "ragas",
  userInputMessages: [
    { type: "human", content: "Book me a flight to New York" },
    { type: "ai", content: "Searching…", toolCalls: [search] },
    { type: "tool", content: "5 flights" },
    { type: "ai", content: "Booking UA123", toolCalls: [book] },
  ],
  referenceToolCalls: reference,
};

describe("evaluation inputs as people have them", () => {
  it("tool calls inside AI messages (the ragas shape) score exactly as top-level toolCalls", () => {
    const fromMessages = toolCallAccuracy(ragasShaped, STRICT);
    const topLevel = toolCallAccuracy(
      { ...ragasShaped, userInputMessages: [ragasShaped.userInputMessages[0]], toolCalls: [search, book] },
      STRICT,
    );
    assert.equal(fromMessages.score, 1);
    assert.equal(fromMessages.parts.toolCallSource, "messages");
    assert.deepEqual(
      [fromMessages.score, fromMessages.parts.precision, fromMessages.parts.recall],
      [topLevel.score, topLevel.parts.precision, topLevel.parts.recall],
    );
    assert.equal(topLevel.parts.toolCallSource, "toolCalls");
  });

  it("both places given: agreeing (in any order) is silent; disagreeing scores toolCalls and says so", () => {
    assert.equal(sampleToolCalls({ ...ragasShaped, toolCalls: [book, search] }).warning, undefined);
    const disagree = toolCallAccuracy({ ...ragasShaped, toolCalls: [search] }, STRICT);
    assert.equal(disagree.parts.toolCallSource, "toolCalls");
    assert.equal(
      disagree.parts.warning,
      "toolCalls (1: search_flights) and the tool calls inside AI messages (2: search_flights, book_flight) disagree; scored toolCalls",
    );
    assert.equal(disagree.parts.recall, 0.5);
  });

  it("an empty top-level toolCalls does not hide the calls in the messages", () => {
    assert.equal(sampleToolCalls({ ...ragasShaped, toolCalls: [] }).source, "messages");
    assert.deepEqual(sampleToolCalls({ userInputMessages: [{ type: "human", content: "hi" }] }), { calls: [], source: "none" });
  });

  it("a live sample's closing turn is the whole answer: conclusion, rationale with citations, findings, next actions", () => {
    const answer = {
      conclusion: "Not at +8%: CTR-0012 caps increases at 5% per year. Negotiate within the cap before 2025-03-31.",
      rationale: [{ point: "The contract caps annual increases at 5%.", citations: ["CTR-0012 §4.2"] }],
      findings: [{ specialist: "Contract specialist", summary: "Cap 5%/yr, renews 2025-03-31." }],
      nextActions: ["Reply to Acme with a counter-offer of at most 5%.", "Start the renewal before 2025-03-31."],
      qscore: 86,
      hitl: false,
      hitlReason: "",
      critique: "",
    };
    const sample = transcriptToSample({ ...transcript, answer });
    assert.equal(sample.userInputMessages.length, transcript.conversation.length, "the conclusion-only turn is replaced, not repeated");
    assert.equal(
      sample.userInputMessages.at(-1)!.content,
      [
        answer.conclusion,
        "Rationale:\n- The contract caps annual increases at 5%. [CTR-0012 §4.2]",
        "Findings:\n- Contract specialist: Cap 5%/yr, renews 2025-03-31.",
        "Next actions:\n- Reply to Acme with a counter-offer of at most 5%.\n- Start the renewal before 2025-03-31.",
      ].join("\n\n"),
    );
    assert.deepEqual(
      transcriptToSample(transcript).userInputMessages,
      transcript.conversation,
      "a transcript without a stored answer is unchanged",
    );
  });
});
