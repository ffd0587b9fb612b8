import assert from "node:assert/strict";
import { TranscriptDocumentSchema } from "../../../src/domain";
import { buildTranscript, LOCAL_CONVERSATION_ID } from "../../../src/storage/transcript-builder";
import { finishedRun } from "../../integration/storage/run-state-fixture";

describe("buildTranscript", () => {
  it("records one step per completed executor, in order, with rationale, action and timing", () => {
    const transcript = buildTranscript(finishedRun());
    assert.deepEqual(
      transcript.steps.map((step) => [step.step, step.executor, step.round ?? "-", step.action]),
      [
        [1, "router", "-", "selected contract, spend (independent, evidence high)"],
        [2, "contract", "initial", "called searchContracts"],
        [3, "spend", "initial", "answered (initial round)"],
        [4, "moderator", "-", "answered with qscore 72"],
        [5, "spend", "requery", "called querySpend, getPriceBenchmarks"],
        [6, "moderator", "-", "answered with qscore 86"],
      ],
    );
    const [router, contract, , firstModeration, requery, lastModeration] = transcript.steps;
    assert.equal(router.rationale, "renewal price question needs the contract cap and spend history");
    assert.equal(router.model, "gpt-4o-mini");
    assert.equal(router.startedAt, "2026-11-21T09:00:00.000Z");
    assert.equal(contract.rationale, "CTR-0012 caps yearly increases at 5%");
    assert.deepEqual(contract.toolCalls[0], {
      name: "searchContracts",
      arguments: { query: "Acme renewal", supplier: "SUP-001" },
      ok: true,
      resultDigest: "2 contracts: CTR-0012, CTR-0040",
      durationMs: 12,
    });
    assert.equal(requery.toolCalls.length, 2);
    assert.match(firstModeration.rationale, /sent back by the quality gate \(qscore 72\)/);
    assert.equal(lastModeration.rationale, "benchmark evidence is thin");
    assert.equal(lastModeration.inputTokens, 100);
  });

  it("writes the run as an agent-metrics conversation: question, ai turns with tool calls, tool digests, final answer", () => {
    const { conversation } = buildTranscript(finishedRun());
    assert.deepEqual(conversation, [
      { type: "human", content: "Can we renew the Acme SaaS contract at +8%?" },
      {
        type: "ai",
        content: "[contract] CTR-0012 caps yearly increases at 5%",
        toolCalls: [{ name: "searchContracts", arguments: { query: "Acme renewal", supplier: "SUP-001" } }],
      },
      { type: "tool", content: "2 contracts: CTR-0012, CTR-0040" },
      {
        type: "ai",
        content: "[spend] FY2025 spend with SUP-001 was ¥48M",
        toolCalls: [
          { name: "querySpend", arguments: { supplierId: "SUP-001", fiscalYear: "FY2025" } },
          { name: "getPriceBenchmarks", arguments: { category: "saas" } },
        ],
      },
      { type: "tool", content: "144 transactions, ¥48,000,000" },
      { type: "tool", content: "saas median ¥2,100" },
      { type: "ai", content: "Not at +8%: the contract caps increases at 5%." },
    ]);
  });

  it("keeps ids only and produces a document that passes the stored schema", () => {
    const transcript = buildTranscript(finishedRun());
    assert.equal(transcript.id, "run-1");
    assert.equal(transcript.conversationId, "a:conv-1");
    assert.equal(transcript.userId, "29:user-1");
    assert.deepEqual(TranscriptDocumentSchema.parse(transcript), transcript);
    assert.deepEqual(Object.keys(transcript).sort(), [
      "answer",
      "conversation",
      "conversationId",
      "decision",
      "droppedCitations",
      "endedAt",
      "hitlReasons",
      "id",
      "language",
      "offline",
      "quality",
      "question",
      "runId",
      "schemaVersion",
      "startedAt",
      "status",
      "steps",
      "userId",
    ]);
    assert.doesNotMatch(JSON.stringify(transcript), /aad-1|tenant-1/, "only the conversation and user ids are kept");
  });

  it("describes failures: a failed specialist keeps its error and the run's failure message ends the conversation", () => {
    const run = finishedRun({
      status: "failed",
      answer: undefined,
      requester: undefined,
      failure: { message: "The moderator failed twice.", correlationId: "corr-1" },
      findings: [{ specialist: "contract", status: "failed", error: "timeout after 30000 ms", toolCalls: [] }],
      events: [
        {
          type: "executor_completed",
          runId: "run-1",
          at: "2026-11-21T09:00:05.000Z",
          executor: "contract",
          durationMs: 30000,
          outcome: "timeout",
        },
        {
          type: "executor_completed",
          runId: "run-1",
          at: "2026-11-21T09:00:09.000Z",
          executor: "moderator",
          durationMs: 900,
          outcome: "invalid_output",
          detail: "schema mismatch",
        },
      ],
    });
    const transcript = buildTranscript(run);
    assert.equal(transcript.conversationId, LOCAL_CONVERSATION_ID);
    assert.equal(transcript.userId, undefined);
    assert.deepEqual(
      transcript.steps.map((step) => [step.executor, step.outcome, step.action, step.rationale]),
      [
        ["contract", "timeout", "failed (timeout)", "timeout after 30000 ms"],
        ["moderator", "invalid_output", "failed (invalid_output)", "schema mismatch"],
      ],
    );
    assert.deepEqual(transcript.conversation.at(-1), { type: "ai", content: "The moderator failed twice." });
    assert.equal(transcript.answer, undefined);
  });
});
