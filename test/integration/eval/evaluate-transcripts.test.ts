import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { TranscriptDocumentSchema, type TranscriptDocument } from "../../../src/domain";
import type { Criterion } from "../../../src/eval/judge/criteria";
import { evaluateTranscripts, type EvaluateTranscriptsDeps } from "../../../src/jobs/evaluate-transcripts";
import { EvaluationRecordSchema, type EvaluationRecord, type EvaluationTelemetry, type TranscriptSource } from "../../../src/jobs/ports";
import { useEvalHarness } from "./eval-model-harness";

const base = TranscriptDocumentSchema.parse(JSON.parse(readFileSync(path.join(__dirname, "../../fixtures/eval/transcript-acme-renewal.json"), "utf8")));
const criteria: Criterion[] = [{ name: "Actionability", description: "Clear next actions.", granularity: "phase_level" }];

/** An in-memory TranscriptSource with the semantics the Cosmos repository implements. */
function memorySource(transcripts: TranscriptDocument[]): TranscriptSource & { all: TranscriptDocument[] } {
  const all = transcripts.map((transcript) => structuredClone(transcript));
  return {
    all,
    async listUnevaluated({ since, limit }) {
      return all.filter((t) => !t.evaluatedAt && t.status !== "running" && (!since || t.startedAt >= since)).slice(0, limit).map((t) => structuredClone(t));
    },
    async markEvaluated(transcriptId, conversationId, at) {
      const found = all.find((t) => t.id === transcriptId && t.conversationId === conversationId);
      if (!found) throw new Error(`no transcript ${transcriptId}`);
      found.evaluatedAt = at;
    },
  };
}

describe("evaluateTranscripts job", () => {
  const harness = useEvalHarness();

  function scriptEverything(): void {
    const { server } = harness;
    server.fallback("eval.goal-inference", { goal: "Know whether the Acme renewal at +8% is allowed" });
    server.fallback("eval.goal-accuracy", { reasoning: "It answered with the 5% cap.", goalAchieved: true });
    server.fallback("eval.topic-extraction", { topics: ["contract renewal"] });
    server.fallback("eval.topic-adherence", { classifications: [{ topic: "contract renewal", onTopic: true, referenceTopics: ["contracts"], answered: true }] });
    server.fallback("judge.decomposer", { phases: [{ title: "Route", firstStep: 1, lastStep: 1, summary: "Routed." }, { title: "Answer", firstStep: 2, lastStep: 4, summary: "Researched and answered." }] });
    server.fallback("judge.evaluator", { verdict: "PASS", reasoning: "Next actions given.", confidence_score: 0.9, evidence: { units: ["Phase B"], step_ids: [4] } });
  }

  it("evaluates a bounded batch once, stores valid records, emits telemetry without text; a second run finds nothing new", async () => {
    scriptEverything();
    const transcripts = [1, 2, 3].map((n) => ({ ...base, id: `run-000${n}`, runId: `run-000${n}`, startedAt: `2025-01-1${n}T09:00:00.000Z` }));
    transcripts.push({ ...base, id: "run-running", runId: "run-running", status: "running" });
    const source = memorySource(transcripts);
    const saved: EvaluationRecord[] = [];
    const events: unknown[] = [];
    const telemetry: EvaluationTelemetry = { transcriptEvaluated: (props) => events.push(props) };
    const deps: EvaluateTranscriptsDeps = {
      source,
      store: { save: async (record) => void saved.push(EvaluationRecordSchema.parse(record)) },
      telemetry,
      evalModel: harness.evalModel,
      criteria,
      referenceTopics: ["contracts", "spend"],
      now: () => new Date("2025-02-01T00:00:00.000Z"),
    };

    const first = await evaluateTranscripts(deps, { batchSize: 2, concurrency: 2 });
    assert.deepEqual(first.evaluated.sort(), ["run-0001", "run-0002"]);
    assert.deepEqual(first.failed, []);
    const second = await evaluateTranscripts(deps, { batchSize: 2, concurrency: 2 });
    assert.deepEqual(second.evaluated, ["run-0003"]);
    const third = await evaluateTranscripts(deps, { batchSize: 2, concurrency: 2 });
    assert.deepEqual(third.evaluated, []);
    assert.equal(source.all.find((t) => t.id === "run-running")!.evaluatedAt, undefined);

    assert.deepEqual(saved.map((record) => record.id).sort(), ["eval-run-0001", "eval-run-0002", "eval-run-0003"]);
    const record = saved[0]!;
    assert.equal(record.createdAt, "2025-02-01T00:00:00.000Z");
    assert.deepEqual(record.metrics.map((metric) => [metric.metric, metric.score]), [["agent-goal-accuracy", 1], ["topic-adherence", 2 / 3]]);
    assert.equal(record.judge!.results[0]!.verdict, "PASS");
    assert.equal(source.all[0]!.evaluatedAt, "2025-02-01T00:00:00.000Z");
    const serialized = JSON.stringify(events);
    assert.ok(!serialized.includes("Acme") && !serialized.includes("renew"), "telemetry carries no message text");
    assert.deepEqual(
      events.filter((event) => (event as { transcriptId: string }).transcriptId === "run-0001"),
      [
        { transcriptId: "run-0001", runId: "run-0001", model: "eval-model-a", durationMs: (events[0] as { durationMs: number }).durationMs, metric: "AgentGoalAccuracy", score: 1, passed: true },
        { transcriptId: "run-0001", runId: "run-0001", model: "eval-model-a", durationMs: (events[1] as { durationMs: number }).durationMs, metric: "TopicAdherence", score: 2 / 3, passed: false },
        { transcriptId: "run-0001", runId: "run-0001", model: "eval-model-a", durationMs: (events[2] as { durationMs: number }).durationMs, metric: "Judge", criterion: "Actionability", verdict: "PASS", score: 0.9, passed: true },
      ],
    );
  });

  it("leaves a transcript unmarked when saving fails, so the next run retries it", async () => {
    scriptEverything();
    const source = memorySource([base]);
    let failSave = true;
    const deps: EvaluateTranscriptsDeps = {
      source,
      store: { save: async () => { if (failSave) throw new Error("store down"); } },
      telemetry: { transcriptEvaluated: () => undefined },
      evalModel: harness.evalModel,
      criteria,
      referenceTopics: ["contracts"],
    };
    const first = await evaluateTranscripts(deps, { batchSize: 5, concurrency: 1 });
    assert.deepEqual(first.failed, [{ transcriptId: "run-0001", error: "Error: store down" }]);
    failSave = false;
    assert.deepEqual((await evaluateTranscripts(deps, { batchSize: 5, concurrency: 1 })).evaluated, ["run-0001"]);
  });

  it("with no evaluation model it evaluates and marks nothing and says why", async () => {
    const source = memorySource([base]);
    const summary = await evaluateTranscripts(
      {
        source,
        store: { save: async () => assert.fail("nothing to save") },
        telemetry: { transcriptEvaluated: () => assert.fail("nothing evaluated") },
        evalModel: { skipped: "skipped: no evaluation model configured" },
        criteria,
        referenceTopics: [],
      },
      { batchSize: 5, concurrency: 1 },
    );
    assert.equal(summary.skipped, "skipped: no evaluation model configured");
    assert.equal(source.all[0]!.evaluatedAt, undefined);
  });
});
