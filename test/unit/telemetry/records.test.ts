import assert from "node:assert/strict";
import { RUN_SCHEMA_VERSION, type RunState, type WorkflowEvent } from "../../../src/domain";
import {
  executorMetrics,
  genAiProviderName,
  propsEvent,
  runCompletedEvent,
  runMetric,
  TelemetryEvent,
  workflowEventRecord,
} from "../../../src/telemetry/records";
import { approvalSpan, runTrace, workflowSpan } from "../../../src/telemetry/span-records";
import { redactProperties } from "../../../src/telemetry/redaction";

const completed: WorkflowEvent = {
  type: "executor_completed",
  runId: "run-42",
  at: "2026-04-01T09:00:05.000Z",
  executor: "contract",
  round: "initial",
  durationMs: 2500,
  model: "gpt-4o",
  inputTokens: 1200,
  outputTokens: 300,
  cachedInputTokens: 1024,
  outcome: "ok",
  attempt: 1,
  detail: "Taro asked about Acme",
};

function runState(overrides: Partial<RunState> = {}): RunState {
  return {
    schemaVersion: RUN_SCHEMA_VERSION,
    runId: "run-42",
    question: "Can we renew the Acme SaaS contract at +8%? — taro@contoso.com",
    language: "en",
    requester: { userId: "29:abc", conversationId: "a:conv" },
    status: "answered",
    phase: "done",
    attempts: 1,
    modeState: { mode: "selective" },
    startedAt: "2026-04-01T09:00:00.000Z",
    updatedAt: "2026-04-01T09:00:09.500Z",
    endedAt: "2026-04-01T09:00:09.500Z",
    offline: false,
    decision: {
      selected: ["contract", "spend"],
      debateMode: "independent",
      evidenceNeed: "high",
      hitl: false,
      inScope: true,
      scopeReason: "procurement",
      reason: "renewal with a price increase",
      fallback: false,
    },
    findings: [
      { specialist: "contract", status: "ok", summary: "s", details: "d", evidence: [], confidence: 0.8, toolCalls: [] },
      { specialist: "spend", status: "failed", error: "timeout", toolCalls: [] },
    ],
    quality: { initialScore: 72, finalScore: 86, retried: true },
    usage: { inputTokens: 5000, outputTokens: 900 },
    events: [],
    ...overrides,
  };
}

describe("telemetry records", () => {
  it("maps executor_completed to ExecutorCompleted with the fixed property names and no detail text", () => {
    const record = workflowEventRecord(completed)!;
    assert.equal(record.name, "ExecutorCompleted");
    assert.deepEqual(redactProperties(record.properties), {
      runId: "run-42",
      executor: "contract",
      durationMs: 2500,
      model: "gpt-4o",
      inputTokens: 1200,
      outputTokens: 300,
      cachedInputTokens: 1024,
      outcome: "ok",
      attempt: 1,
      round: "initial",
    });
  });

  it("measures executor latency and GenAI token usage per model", () => {
    const metrics = executorMetrics(completed);
    assert.deepEqual(
      metrics.map((metric) => [
        metric.name,
        metric.value,
        metric.unit,
        metric.attributes["gen_ai.token.type"] ?? metric.attributes.executor,
      ]),
      [
        ["procura.executor.duration", 2500, "ms", "contract"],
        ["gen_ai.client.token.usage", 1200, "{token}", "input"],
        ["gen_ai.client.token.usage", 300, "{token}", "output"],
      ],
    );
    assert.equal(executorMetrics({ ...completed, model: undefined, inputTokens: 0 }).length, 1, "no token metric without a model");
  });

  it("reconstructs an invoke_agent span with gen_ai attributes ending at the event time", () => {
    const span = workflowSpan({ ...completed, outcome: "timeout" }, genAiProviderName("azure-openai"));
    assert.ok(span);
    assert.equal(span.name, "invoke_agent contract");
    assert.equal(span.endTime.toISOString(), "2026-04-01T09:00:05.000Z");
    assert.equal(span.startTime.toISOString(), "2026-04-01T09:00:02.500Z");
    assert.equal(span.ok, false);
    assert.deepEqual(redactProperties(span.attributes), {
      "gen_ai.operation.name": "invoke_agent",
      "gen_ai.provider.name": "azure.ai.openai",
      "gen_ai.agent.name": "contract",
      "gen_ai.request.model": "gpt-4o",
      "gen_ai.usage.input_tokens": 1200,
      "gen_ai.usage.output_tokens": 300,
      "gen_ai.usage.cache_read.input_tokens": 1024,
      "error.type": "timeout",
      runId: "run-42",
      attempt: 1,
      round: "initial",
    });
    assert.equal(workflowSpan({ ...completed, executor: undefined }, "openai"), undefined);
  });

  it("places every span of a run in the trace derived from its run id: run span at the root, executors under it, tools under their executor", () => {
    const trace = runTrace("run-42");
    assert.match(trace.traceId, /^[0-9a-f]{32}$/);
    assert.match(trace.spanId, /^[0-9a-f]{16}$/);
    assert.deepEqual(runTrace("run-42"), trace, "any process derives the same ids");
    assert.notEqual(runTrace("run-43").traceId, trace.traceId);

    const run = workflowSpan(
      { type: "run_completed", runId: "run-42", at: "2026-04-01T09:00:09.000Z", durationMs: 9000, detail: "answered" },
      "openai",
    )!;
    assert.deepEqual(
      [run.traceId, run.spanId, run.parentSpanId, run.startTime.toISOString(), run.ok],
      [trace.traceId, trace.spanId, undefined, "2026-04-01T09:00:00.000Z", true],
    );

    const executor = workflowSpan({ ...completed, stepId: "00000000000000aa" }, "openai")!;
    assert.deepEqual([executor.traceId, executor.spanId, executor.parentSpanId], [trace.traceId, "00000000000000aa", trace.spanId]);
    assert.ok(
      workflowSpan({ ...completed, model: undefined }, "openai"),
      "an executor that never reached a model is still a node of the tree",
    );

    const tool = workflowSpan(
      {
        type: "tool_completed",
        runId: "run-42",
        at: "2026-04-01T09:00:04.000Z",
        parentStepId: "00000000000000aa",
        executor: "contract",
        tool: "searchContracts",
        durationMs: 30,
        outcome: "error",
      },
      "openai",
    )!;
    assert.deepEqual(
      [tool.name, tool.traceId, tool.parentSpanId, tool.ok],
      ["execute_tool searchContracts", trace.traceId, "00000000000000aa", false],
    );
    assert.deepEqual(redactProperties(tool.attributes), {
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "searchContracts",
      "gen_ai.agent.name": "contract",
      "error.type": "error",
      runId: "run-42",
    });

    const approval = approvalSpan(
      { approvalId: "apr-1", runId: "run-42", decision: "approved", waitMs: 60_000 },
      new Date("2026-04-01T10:00:00.000Z"),
    );
    assert.deepEqual([approval.parentSpanId, approval.startTime.toISOString()], [trace.spanId, "2026-04-01T09:59:00.000Z"]);
    assert.equal(
      workflowSpan({ type: "phase_completed", runId: "run-42", at: "2026-04-01T09:00:08.000Z", phase: "gate" }, "openai")?.parentSpanId,
      trace.spanId,
    );
  });

  it("maps a run to RunCompleted: selection, fallback, both QSCOREs, retry, HITL, latency, status", () => {
    const record = runCompletedEvent(runState());
    assert.equal(record.name, "RunCompleted");
    const sent = redactProperties(record.properties);
    assert.deepEqual(sent, {
      runId: "run-42",
      selected: "contract,spend",
      fallback: false,
      qscoreInitial: 72,
      qscoreFinal: 86,
      retried: true,
      hitl: false,
      totalMs: 9500,
      status: "answered",
      attempts: 1,
      offline: false,
      language: "en",
      debateMode: "independent",
      evidenceNeed: "high",
      failedSpecialists: 1,
      inputTokens: 5000,
      outputTokens: 900,
    });
    assert.doesNotMatch(JSON.stringify(sent), /Acme|contoso|renewal/);
  });

  it("marks HITL for runs awaiting approval, measures them to their last update, and carries the failure's correlation id", () => {
    const waiting = redactProperties(
      runCompletedEvent(runState({ status: "awaiting_approval", endedAt: undefined, updatedAt: "2026-04-01T09:00:04.000Z" })).properties,
    );
    assert.equal(waiting.hitl, true);
    assert.equal(waiting.totalMs, 4000);
    const failed = runState({ status: "failed", failure: { message: "Moderator failed twice", correlationId: "c0ffee12" } });
    assert.equal(redactProperties(runCompletedEvent(failed).properties).correlationId, "c0ffee12");
    assert.deepEqual(runMetric(failed), { name: "procura.run.duration", value: 9500, unit: "ms", attributes: { status: "failed" } });
  });

  it("sends a deployment's stream timing whole: what the simulator is calibrated from", () => {
    const props = {
      endpoint: "https://contoso.openai.azure.com",
      deployment: "moderator-prod",
      model: "gpt-5.4-2026-03-05",
      reasoningEffort: "none",
      firstTextMs: 1400,
      tokensPerSecond: 61.5,
      chunkTokens: 12,
      outputTokens: 240,
      reasoningTokens: 0,
    };
    const record = propsEvent(TelemetryEvent.ModelStreamTimed, props);
    assert.equal(record.name, "ModelStreamTimed");
    assert.deepEqual(redactProperties(record.properties), props);
  });
});
