import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { SampleSchema, TranscriptDocumentSchema } from "../../../../src/domain";
import { transcriptToSample } from "../../../../src/eval/samples/transcript-to-sample";
import { transcriptToJudgeRun } from "../../../../src/eval/samples/transcript-to-steps";

const transcript = TranscriptDocumentSchema.parse(
  JSON.parse(readFileSync(path.join(__dirname, "../../../fixtures/eval/transcript-acme-renewal.json"), "utf8")),
);

describe("transcript converters", () => {
  it("turns a transcript into a valid sample with its tool calls and the given references only", () => {
    const sample = transcriptToSample(transcript, { referenceTopics: ["contracts"], reference: undefined });
    assert.equal(SampleSchema.safeParse(sample).success, true);
    assert.equal(sample.id, "run-0001");
    assert.equal(sample.userInputMessages.length, 6);
    assert.deepEqual(sample.toolCalls, [
      { name: "searchContracts", arguments: { query: "Acme SaaS", supplier: "Acme" } },
      { name: "querySpend", arguments: { filters: { supplier: "Acme" }, groupBy: "year", period: "2023-2024" } },
    ]);
    assert.deepEqual(sample.referenceTopics, ["contracts"]);
    assert.equal("reference" in sample, false);
  });

  it("lists each distinct call once, those fetched up front apart from the specialists' own", () => {
    const shared = { name: "searchContracts", arguments: { query: "Acme SaaS", supplier: "Acme" } };
    const record = (call: { name: string; arguments: Record<string, unknown> }, upFront: boolean) => ({
      ...call,
      ok: true,
      resultDigest: "",
      durationMs: 1,
      ...(upFront ? { upFront: true as const } : {}),
    });
    const profile = { name: "getSupplierProfile", arguments: { name: "Acme" } };
    const spend = { name: "querySpend", arguments: { supplier: "Acme" } };
    const steps = [
      { ...transcript.steps[1], toolCalls: [record(shared, true), record(profile, true)] },
      { ...transcript.steps[1], executor: "negotiation", toolCalls: [record(shared, true), record(spend, false), record(spend, false)] },
    ];
    const sample = transcriptToSample({ ...transcript, steps });
    assert.deepEqual(sample.toolCalls, [spend]);
    assert.deepEqual(sample.upFrontToolCalls, [shared, profile]);
  });

  it("turns transcript steps into judge steps that keep the executor phase", () => {
    const run = transcriptToJudgeRun(transcript);
    assert.equal(run.id, "run-0001");
    assert.deepEqual(run.steps[1], {
      step: 2,
      thinking: "CTR-0012 caps annual increases at 5%.",
      memory: "searchContracts: 1 contract: CTR-0012 (price cap 5%/yr, renews 2025-03-31)",
      action: 'contract: finding with 2 evidence items; tools: searchContracts({"query":"Acme SaaS","supplier":"Acme"})',
      next_goal: "spend (investigate)",
      evaluation_previous_goal: "step 1 router: ok",
      phase: "investigate",
    });
    assert.equal(run.steps[0].evaluation_previous_goal, "question received (en)");
    assert.equal(run.steps[3].next_goal, "end the run (status answered, QSCORE 86)");
  });
});
