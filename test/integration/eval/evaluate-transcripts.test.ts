import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { EvaluationRecordSchema, TranscriptDocumentSchema, type EvaluationRecord, type TranscriptDocument } from "../../../src/domain";
import type { EventProps } from "../../../src/telemetry/records";
import type { Criterion } from "../../../src/eval/judge/criteria";
import { runEvaluateTranscriptsOnce } from "../../../src/jobs/eval-runners";
import { evaluateTranscripts, type EvaluateTranscriptsDeps } from "../../../src/jobs/evaluate-transcripts";
import type { ReferenceTopics } from "../../../src/eval/reference-topics";
import { goldenCaseLookup, type GoldenCase } from "../../../src/eval/golden";
import { capturingTelemetry } from "../../fakes/captured-events";
import { testConfig } from "../../fakes/test-config";
import type { ScriptedModelServer } from "../../fakes/scripted-model-server";
import { useEvalHarness } from "./eval-model-harness";

const base = TranscriptDocumentSchema.parse(
  JSON.parse(readFileSync(path.join(__dirname, "../../fixtures/eval/transcript-acme-renewal.json"), "utf8")),
);
const criteria: Criterion[] = [{ name: "Actionability", description: "Clear next actions.", granularity: "phase_level" }];
const referenceTopics: ReferenceTopics = { bySpecialist: { contract: ["contracts"], spend: ["spend"] }, all: ["contracts", "spend"] };
const routedToContract = {
  selected: ["contract"],
  debateMode: "independent",
  evidenceNeed: "medium",
  hitl: false,
  reason: "renewal terms",
  fallback: false,
};

/** An in-memory transcript source with the semantics the Cosmos repository implements. */
function memorySource(transcripts: TranscriptDocument[]): EvaluateTranscriptsDeps["source"] & { all: TranscriptDocument[] } {
  const all = transcripts.map((transcript) => structuredClone(transcript));
  return {
    all,
    async listUnevaluated({ since, limit }) {
      return all
        .filter((t) => !t.evaluatedAt && t.status !== "running" && (!since || t.startedAt >= since))
        .slice(0, limit)
        .map((t) => structuredClone(t));
    },
    async markEvaluated(transcriptId, conversationId, at) {
      const found = all.find((t) => t.id === transcriptId && t.conversationId === conversationId);
      if (!found) throw new Error(`no transcript ${transcriptId}`);
      found.evaluatedAt = at;
      return true;
    },
  };
}

/** A Judge that sees the run as one phase and gives every criterion `verdict`. */
function scriptOnePhaseJudge(server: ScriptedModelServer, verdict: "PASS" | "FAIL", reasoning: string): void {
  server.fallback("judge.decomposer", { phases: [{ title: "All", firstStep: 1, lastStep: 4, summary: "Answered." }] });
  server.fallback("judge.evaluator", { verdict, reasoning, confidence_score: 0.9, evidence: { units: ["Phase A"], step_ids: [4] } });
}

describe("evaluateTranscripts job", () => {
  const harness = useEvalHarness();

  function scriptEverything(): void {
    const { server } = harness;
    server.fallback("eval.goal-inference", { goal: "Know whether the Acme renewal at +8% is allowed" });
    server.fallback("eval.goal-accuracy", { reasoning: "It answered with the 5% cap.", goalAchieved: true });
    server.fallback("eval.topic-extraction", { topics: ["contract renewal"] });
    server.fallback("eval.topic-adherence", {
      classifications: [{ topic: "contract renewal", onTopic: true, referenceTopics: ["contract renewal"], answered: true }],
    });
    server.fallback("judge.decomposer", {
      phases: [
        { title: "Route", firstStep: 1, lastStep: 1, summary: "Routed." },
        { title: "Answer", firstStep: 2, lastStep: 4, summary: "Researched and answered." },
      ],
    });
    server.fallback("judge.evaluator", {
      verdict: "PASS",
      reasoning: "Next actions given.",
      confidence_score: 0.9,
      evidence: { units: ["Phase B"], step_ids: [4] },
    });
  }

  it("evaluates a bounded batch once, stores valid records, emits telemetry without text; a second run finds nothing new", async () => {
    scriptEverything();
    const transcripts: TranscriptDocument[] = [1, 2, 3].map((n) => ({
      ...base,
      decision: routedToContract,
      id: `run-000${n}`,
      runId: `run-000${n}`,
      startedAt: `2025-01-1${n}T09:00:00.000Z`,
    }));
    transcripts.push({ ...base, id: "run-running", runId: "run-running", status: "running" });
    const source = memorySource(transcripts);
    const saved: EvaluationRecord[] = [];
    const events: EventProps["TranscriptEvaluated"][] = [];
    const telemetry = capturingTelemetry({ TranscriptEvaluated: events });
    const deps: EvaluateTranscriptsDeps = {
      source,
      store: { save: async (record) => void saved.push(EvaluationRecordSchema.parse(record)) },
      telemetry,
      evalModel: harness.evalModel,
      criteria,
      referenceTopics,
      clock: { now: () => new Date("2025-02-01T00:00:00.000Z") },
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
    const record = saved[0];
    assert.equal(record.createdAt, "2025-02-01T00:00:00.000Z");
    assert.deepEqual(
      record.metrics.map((metric) => [metric.metric, metric.score]),
      [
        ["agent-goal-accuracy", 1],
        ["topic-adherence", 1],
      ],
    );
    assert.equal(record.judge!.results[0].verdict, "PASS");
    assert.equal(source.all[0].evaluatedAt, "2025-02-01T00:00:00.000Z");
    const serialized = JSON.stringify(events);
    assert.ok(!serialized.includes("Acme") && !serialized.includes("renew"), "telemetry carries no message text");
    assert.deepEqual(
      events.filter((event) => (event as { transcriptId: string }).transcriptId === "run-0001"),
      [
        {
          transcriptId: "run-0001",
          runId: "run-0001",
          model: "eval-model-a",
          durationMs: (events[0] as { durationMs: number }).durationMs,
          metric: "AgentGoalAccuracy",
          score: 1,
          passed: true,
        },
        {
          transcriptId: "run-0001",
          runId: "run-0001",
          model: "eval-model-a",
          durationMs: (events[1] as { durationMs: number }).durationMs,
          metric: "TopicAdherence",
          score: 1,
          passed: true,
        },
        {
          transcriptId: "run-0001",
          runId: "run-0001",
          model: "eval-model-a",
          durationMs: (events[2] as { durationMs: number }).durationMs,
          metric: "TopicRecall",
          score: 1,
          passed: true,
        },
        {
          transcriptId: "run-0001",
          runId: "run-0001",
          model: "eval-model-a",
          durationMs: (events[3] as { durationMs: number }).durationMs,
          metric: "Judge",
          criterion: "Actionability",
          verdict: "PASS",
          score: 0.9,
          passed: true,
        },
      ],
    );
  });

  it("leaves a transcript unmarked when saving fails, so the next run retries it", async () => {
    scriptEverything();
    const source = memorySource([base]);
    let failSave = true;
    const deps: EvaluateTranscriptsDeps = {
      source,
      store: {
        save: async () => {
          if (failSave) throw new Error("store down");
        },
      },
      telemetry: { event: () => undefined },
      evalModel: harness.evalModel,
      criteria,
      referenceTopics,
    };
    const first = await evaluateTranscripts(deps, { batchSize: 5, concurrency: 1 });
    assert.deepEqual(first.failed, [{ transcriptId: "run-0001", error: "Error: store down" }]);
    failSave = false;
    assert.deepEqual((await evaluateTranscripts(deps, { batchSize: 5, concurrency: 1 })).evaluated, ["run-0001"]);
  });

  it("with no evaluation model it evaluates and marks nothing and says why", async () => {
    const lines: string[] = [];
    const config = testConfig({ NODE_ENV: "test", LLM_PROVIDER: "offline" });
    const summary = await runEvaluateTranscriptsOnce(config, { log: (line) => lines.push(line) });
    assert.match(summary.skipped ?? "", /^skipped: no evaluation model configured/);
    assert.deepEqual([summary.evaluated, summary.failed, summary.scores], [[], [], []]);
    // The only line is the reason: neither the store (which would log its connection) nor telemetry was opened.
    assert.deepEqual(lines, [summary.skipped]);
  });

  it("with several evaluation models, reports each model's score, the mean and the disagreement (summary, record and telemetry)", async () => {
    scriptEverything();
    const { server } = harness;
    server.fallback("eval.goal-accuracy", (body) => ({ reasoning: `${body.model} verdict`, goalAchieved: body.model === "eval-model-a" }));
    server.fallback("judge.evaluator", (body) => ({
      verdict: body.model === "eval-model-a" ? "PASS" : "FAIL",
      reasoning: "r",
      confidence_score: 0.8,
      evidence: { units: ["Phase B"], step_ids: [4] },
    }));
    const events: EventProps["TranscriptEvaluated"][] = [];
    const saved: EvaluationRecord[] = [];
    const summary = await evaluateTranscripts(
      {
        source: memorySource([{ ...base, decision: routedToContract }]),
        store: { save: async (record) => void saved.push(EvaluationRecordSchema.parse(record)) },
        telemetry: capturingTelemetry({ TranscriptEvaluated: events }),
        evalModel: { ...harness.evalModel, models: ["eval-model-a", "eval-model-b"] },
        criteria,
        referenceTopics,
      },
      { batchSize: 5, concurrency: 1 },
    );
    assert.deepEqual(summary.scores[0].scores, [
      { name: "agent-goal-accuracy", score: 0.5, perModel: { "eval-model-a": 1, "eval-model-b": 0 }, disagreement: true },
      { name: "topic-adherence", score: 1, perModel: { "eval-model-a": 1, "eval-model-b": 1 }, disagreement: false },
      { name: "judge: Actionability", score: "UNSURE", perModel: { "eval-model-a": "PASS", "eval-model-b": "FAIL" }, disagreement: true },
    ]);
    assert.equal(summary.disagreements, 2);
    const goal = events.find((event) => event.metric === "AgentGoalAccuracy")!;
    assert.deepEqual([goal.score, goal.passed, goal.disagreement], [0.5, false, true]);
    assert.equal(events.find((event) => event.metric === "Judge")!.disagreement, true);
    assert.equal((saved[0].judge!.results[0] as { models?: { perModel: unknown[] } }).models!.perModel.length, 2);
  });

  describe("live TopicAdherence against the question's own topics (PRECISION, refusal counting)", () => {
    const footballDigression: TranscriptDocument = {
      ...base,
      id: "run-football",
      runId: "run-football",
      decision: routedToContract,
      conversation: [...base.conversation, { type: "ai", content: "By the way, the cup final ended 3-2 — what a match!" }],
    };

    function scriptTopics(): void {
      const { server } = harness;
      server.fallback("eval.goal-inference", { goal: "Know whether the Acme renewal at +8% is allowed" });
      server.fallback("eval.goal-accuracy", { reasoning: "It answered with the 5% cap.", goalAchieved: true });
      server.fallback("eval.topic-extraction", (body) =>
        String(body.messages[1].content).includes("cup final")
          ? { topics: ["contract renewal", "football results"] }
          : { topics: ["contract renewal"] },
      );
      server.fallback("eval.topic-adherence", (body) => {
        const user = String(body.messages[1].content);
        const renewal = { topic: "contract renewal", onTopic: true, referenceTopics: ["contract renewal"], answered: true };
        return {
          classifications: user.includes("football results")
            ? [renewal, { topic: "football results", onTopic: false, referenceTopics: [], answered: true }]
            : [renewal],
        };
      });
      scriptOnePhaseJudge(server, "PASS", "Next actions given.");
    }

    async function evaluate(transcripts: TranscriptDocument[]) {
      const saved: EvaluationRecord[] = [];
      const events: EventProps["TranscriptEvaluated"][] = [];
      await evaluateTranscripts(
        {
          source: memorySource(transcripts),
          store: { save: async (record) => void saved.push(EvaluationRecordSchema.parse(record)) },
          telemetry: capturingTelemetry({ TranscriptEvaluated: events }),
          evalModel: harness.evalModel,
          criteria,
          referenceTopics,
        },
        { batchSize: 10, concurrency: 1 },
      );
      return { saved, events };
    }

    it("an on-topic run passes and an off-topic digression fails, both against the topics of the question itself", async () => {
      scriptTopics();
      const { saved, events } = await evaluate([{ ...base, decision: routedToContract }, footballDigression]);
      const topicEvent = (id: string) => events.find((event) => event.transcriptId === id && event.metric === "TopicAdherence")!;
      assert.deepEqual([topicEvent("run-0001").score, topicEvent("run-0001").passed], [1, true]);
      assert.deepEqual([topicEvent("run-football").score, topicEvent("run-football").passed], [0.5, false]);
      const parts = saved.find((record) => record.transcriptId === "run-football")!.metrics[1].parts;
      assert.deepEqual([parts.mode, parts.counting, parts.referenceTopicSource, parts.recall], ["PRECISION", "REFUSAL", "question", 1]);
      const classification = harness.server.callsFor("eval.topic-adherence").map((call) => String(call.body.messages[1].content));
      assert.ok(
        classification.every((user) => user.startsWith('Reference topics:\n["contract renewal"]')),
        "the question's own topics are the reference, not the selected specialist's",
      );
    });

    it("a misrouted run scores low: the Router's choice is never the reference", async () => {
      const { server } = harness;
      // A spend question the Router sent to the contract specialist, which answered about renewal terms.
      const misrouted: TranscriptDocument = {
        ...base,
        id: "run-misrouted",
        runId: "run-misrouted",
        question: "How has our spend with Acme developed since 2023?",
        decision: routedToContract,
        conversation: [
          { type: "human", content: "How has our spend with Acme developed since 2023?" },
          { type: "ai", content: "The Acme contract renews on 1 April with a 5% price cap on renewal." },
        ],
      };
      server.fallback("eval.goal-inference", { goal: "See how spend with Acme developed" });
      server.fallback("eval.goal-accuracy", { reasoning: "No spend figures were given.", goalAchieved: false });
      server.fallback("eval.topic-extraction", (body) =>
        String(body.messages[1].content).includes("renews")
          ? { topics: ["spend trend", "contract renewal terms"] }
          : { topics: ["spend trend"] },
      );
      server.fallback("eval.topic-adherence", {
        classifications: [
          { topic: "spend trend", onTopic: true, referenceTopics: ["spend trend"], answered: false },
          { topic: "contract renewal terms", onTopic: false, referenceTopics: [], answered: true },
        ],
      });
      scriptOnePhaseJudge(server, "FAIL", "Off the question.");
      const { saved, events } = await evaluate([misrouted]);
      const topics = saved[0].metrics.find((metric) => metric.metric === "topic-adherence")!;
      assert.deepEqual([topics.score, topics.parts.referenceTopicSource, topics.parts.recall], [0, "question", 0]);
      assert.deepEqual(
        events.filter((event) => event.metric.startsWith("Topic")).map((event) => [event.metric, event.score, event.passed]),
        [
          ["TopicAdherence", 0, false],
          ["TopicRecall", 0, false],
        ],
      );
      const [reference] = server.callsFor("eval.topic-adherence").map((call) => String(call.body.messages[1].content));
      assert.ok(reference.startsWith('Reference topics:\n["spend trend"]'), reference);
    });

    it("a golden question is scored against its case: curated topics, goal WITH_REFERENCE and ToolCallAccuracy", async () => {
      const { server } = harness;
      server.fallback("eval.goal-accuracy", { reasoning: "The cap was cited.", goalAchieved: true });
      server.fallback("eval.topic-extraction", { topics: ["contract renewal"] });
      server.fallback("eval.topic-adherence", {
        classifications: [
          { topic: "contract renewal", onTopic: true, referenceTopics: ["supplier contracts and renewals"], answered: true },
        ],
      });
      scriptOnePhaseJudge(server, "PASS", "ok");
      const golden: GoldenCase = {
        id: "acme-renewal-8pct",
        question: "Can we renew the Acme SaaS contract at +8%?",
        language: "en",
        reference: "Say whether the +8% renewal is allowed, citing the contract.",
        referenceTopics: ["supplier contracts and renewals"],
        referenceToolCalls: [
          { name: "searchContracts", arguments: {} },
          { name: "querySpend", arguments: {} },
        ],
      };
      const saved: EvaluationRecord[] = [];
      await evaluateTranscripts(
        {
          source: memorySource([{ ...base, question: "can we renew the Acme SaaS contract at +8%? " }]),
          store: { save: async (record) => void saved.push(EvaluationRecordSchema.parse(record)) },
          telemetry: { event: () => undefined },
          evalModel: harness.evalModel,
          criteria,
          referenceTopics,
          goldenCaseFor: goldenCaseLookup([golden]),
        },
        { batchSize: 1, concurrency: 1 },
      );
      assert.deepEqual(
        saved[0].metrics.map((metric) => [metric.metric, metric.score, metric.parts.mode]),
        [
          ["tool-call-accuracy", 1, "FLEXIBLE"],
          ["agent-goal-accuracy", 1, "WITH_REFERENCE"],
          ["topic-adherence", 1, "PRECISION"],
        ],
      );
      assert.equal(saved[0].metrics[2].parts.referenceTopicSource, "golden");
      assert.equal(server.callsFor("eval.goal-inference").length, 0, "the reference goal is used, none is inferred");
      assert.match(String(server.callsFor("eval.goal-accuracy")[0].body.messages[1].content), /^Goal:\nSay whether the \+8% renewal/);
    });

    it("a correctly refused off-topic topic costs nothing", async () => {
      const { server } = harness;
      server.fallback("eval.goal-inference", { goal: "Football and renewal" });
      server.fallback("eval.goal-accuracy", { reasoning: "Renewal answered.", goalAchieved: true });
      server.fallback("eval.topic-extraction", (body) =>
        String(body.messages[1].content).includes("2. ")
          ? { topics: ["contract renewal", "football results"] }
          : { topics: ["contract renewal", "football"] },
      );
      server.script("eval.topic-adherence", {
        classifications: [
          { topic: "contract renewal", onTopic: true, referenceTopics: ["contract renewal"], answered: true },
          { topic: "football results", onTopic: false, referenceTopics: [], answered: false },
        ],
      });
      scriptOnePhaseJudge(server, "PASS", "ok");
      const { saved } = await evaluate([{ ...base, decision: { ...routedToContract, selected: ["knowledge"], fallback: true } }]);
      const topics = saved[0].metrics[1];
      assert.equal(topics.score, 1);
      assert.equal(topics.parts.referenceTopicSource, "question");
      assert.ok(
        server
          .callsFor("eval.topic-extraction")
          .some((call) => call.body.messages[1].content === "Conversation:\n1. HUMAN: Can we renew the Acme SaaS contract at +8%?"),
        "the reference topics are extracted from the question alone",
      );
    });

    it("a run declined as out of scope is held to the whole scope, with no goal verdict and no Judge", async () => {
      const { server } = harness;
      server.script("eval.topic-extraction", { topics: ["football results"] });
      server.script("eval.topic-adherence", {
        classifications: [{ topic: "football results", onTopic: false, referenceTopics: [], answered: false }],
      });
      const declined = {
        ...base,
        id: "run-declined",
        runId: "run-declined",
        status: "out_of_scope" as const,
        conversation: [
          { type: "human" as const, content: "Who won the cup final?" },
          { type: "ai" as const, content: "I can only help with procurement questions." },
        ],
      };
      const { saved } = await evaluate([declined]);
      assert.deepEqual(
        saved[0].metrics.map((metric) => [metric.metric, metric.score, metric.parts.referenceTopicSource]),
        [["topic-adherence", 1, "scope"]],
      );
      assert.equal(saved[0].judge, null);
      assert.match(
        String(server.callsFor("eval.topic-adherence")[0].body.messages[1].content),
        /^Reference topics:\n\["contracts","spend"\]/,
      );
    });
  });
});
