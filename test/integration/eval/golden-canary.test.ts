import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { CosmosClient } from "@azure/cosmos";
import { startEmbeddedCosmos } from "../../../src/storage/embedded-server";
import { testConfig } from "../../fakes/test-config";
import { goldenWorkflow } from "../../../src/composition/workflow-deps";
import { CanaryRecordSchema, type CanaryRecord } from "../../../src/domain";
import { readGoldenSet } from "../../../src/eval/golden";
import type { Criterion } from "../../../src/eval/judge/criteria";
import { runGoldenCanary, type GoldenCanaryDeps } from "../../../src/jobs/golden-canary";
import type { EventProps } from "../../../src/telemetry/records";
import { capturingTelemetry } from "../../fakes/captured-events";
import type { ScriptedModelServer } from "../../fakes/scripted-model-server";
import { useEvalHarness } from "./eval-model-harness";

const golden = readGoldenSet(path.join(__dirname, "../../fixtures/golden"));
const [approvalCase, acmeCase] = ["approval-threshold", "acme-renewal-8pct"].map((id) => golden.find((one) => one.id === id)!);
/** The Acme case expecting a call its run does not make: its tool-call check fails and says which. */
const cases = [approvalCase, { ...acmeCase, referenceToolCalls: [{ name: "listSuppliers", arguments: { category: "telecom" } }] }];
const criteria: Criterion[] = [{ name: "No invented figures", description: "Every figure comes from a tool.", granularity: "phase_level" }];
const deployment = { provider: "offline", deployedModels: { router: "gpt-4o-mini", specialist: "gpt-4o", moderator: "gpt-4o" } };

/** The evaluation model grades every run well: goal reached, every discussed topic on the first reference topic, Judge PASS. */
function scriptPassingEvaluation(server: ScriptedModelServer): void {
  server.fallback("eval.goal-accuracy", { reasoning: "Answered with the cited rule.", goalAchieved: true });
  server.fallback("eval.topic-extraction", { topics: ["approval authority"] });
  server.fallback("eval.topic-adherence", (body) => {
    const user = String(body.messages[1].content);
    const [reference] = JSON.parse(/^Reference topics:\n(.*)$/m.exec(user)![1]) as string[];
    return { classifications: [{ topic: "approval authority", onTopic: true, referenceTopics: [reference], answered: true }] };
  });
  server.fallback("judge.decomposer", { phases: [{ title: "All", firstStep: 1, lastStep: 2, summary: "Routed and answered." }] });
  server.fallback("judge.evaluator", {
    verdict: "PASS",
    reasoning: "Every figure is from a tool.",
    confidence_score: 0.9,
    evidence: { units: ["Phase A"], step_ids: [1] },
  });
}

describe("golden-set canary", function () {
  this.timeout(60_000);
  const harness = useEvalHarness();
  let offlineWorkflow: GoldenCanaryDeps["ask"];

  before(async () => {
    offlineWorkflow = await goldenWorkflow(testConfig({ NODE_ENV: "test", LLM_PROVIDER: "offline" }));
  });

  function canaryDeps(overrides: Partial<GoldenCanaryDeps> = {}) {
    const saved: CanaryRecord[] = [];
    const completed: EventProps["CanaryCompleted"][] = [];
    const scoredEvents: EventProps["CanaryScored"][] = [];
    const deps: GoldenCanaryDeps = {
      cases,
      ask: offlineWorkflow,
      evalModel: harness.evalModel,
      criteria,
      store: { save: async (record) => void saved.push(CanaryRecordSchema.parse(record)) },
      telemetry: capturingTelemetry({ CanaryCompleted: completed, CanaryScored: scoredEvents }),
      deployment,
      ...overrides,
    };
    return { deps, saved, completed, scoredEvents };
  }

  it("scores every golden run on the three agent metrics against the case's references and on the Judge, stores it and reports numbers only", async () => {
    scriptPassingEvaluation(harness.server);
    const { deps, saved, completed, scoredEvents } = canaryDeps();
    const record = await runGoldenCanary(deps);

    assert.deepEqual(
      record.rows.map((row) => [row.id, row.metric, row.status]),
      [
        ["approval-threshold", "tool-call-accuracy", "pass"],
        ["approval-threshold", "agent-goal-accuracy", "pass"],
        ["approval-threshold", "topic-adherence", "pass"],
        ["approval-threshold", "judge: No invented figures", "pass"],
        ["acme-renewal-8pct", "tool-call-accuracy", "fail"],
        ["acme-renewal-8pct", "agent-goal-accuracy", "pass"],
        ["acme-renewal-8pct", "topic-adherence", "fail"],
        ["acme-renewal-8pct", "judge: No invented figures", "pass"],
      ],
    );
    // TopicAdherence is held to the golden case's curated topics (three for the Acme case, of which one was covered).
    const acmeTopics = record.rows.find((row) => row.id === "acme-renewal-8pct" && row.metric === "topic-adherence")!;
    assert.equal(acmeTopics.score, 0.5);
    const goal = harness.server.callsFor("eval.goal-accuracy").map((call) => String(call.body.messages[1].content));
    assert.ok(goal[0].startsWith(`Goal:\n${cases[0].reference}`), "goal accuracy WITH the case's reference");
    assert.equal(harness.server.callsFor("eval.goal-inference").length, 0);

    assert.deepEqual([record.cases, record.passed, record.failed, record.skipped, record.passRate], [2, 6, 2, 0, 0.75]);
    assert.deepEqual(record.deployedModels, deployment.deployedModels);
    assert.deepEqual(record.evalModels, ["eval-model-a"]);
    assert.deepEqual(saved, [record]);
    assert.equal(completed.length, 1);
    assert.deepEqual(
      { ...completed[0], durationMs: 0 },
      {
        canaryRunId: record.id,
        outcome: "completed",
        provider: "offline",
        routerModel: "gpt-4o-mini",
        specialistModel: "gpt-4o",
        moderatorModel: "gpt-4o",
        cases: 2,
        passedCount: 6,
        failedCount: 2,
        skippedCount: 0,
        passRate: 0.75,
        durationMs: 0,
      },
    );
    assert.deepEqual(
      scoredEvents.map((event) => [event.metric, event.criterion, event.passRate]),
      [
        ["ToolCallAccuracy", undefined, 0.5],
        ["AgentGoalAccuracy", undefined, 1],
        ["TopicAdherence", undefined, 0.5],
        ["Judge", "no-invented-figures", 1],
      ],
    );
    assert.ok(!JSON.stringify([completed, scoredEvents]).includes("Acme"), "telemetry carries no question text");
  });

  it("a deployment that fails a question fails that case's run, and the canary goes on with the next", async () => {
    scriptPassingEvaluation(harness.server);
    const retired: GoldenCanaryDeps["ask"] = async (question) => {
      if (question === cases[0].question) throw new Error("404 DeploymentNotFound: the deployment gpt-4o does not exist");
      return offlineWorkflow(question);
    };
    const { deps, saved } = canaryDeps({ ask: retired });
    const record = await runGoldenCanary(deps);
    assert.deepEqual(record.rows[0], {
      id: "approval-threshold",
      metric: "run",
      score: null,
      status: "fail",
      note: "the workflow failed: Error: 404 DeploymentNotFound: the deployment gpt-4o does not exist",
    });
    assert.deepEqual(
      record.rows.slice(1).map((row) => row.id),
      Array(4).fill("acme-renewal-8pct"),
    );
    assert.equal(saved.length, 1);
  });

  it("when the canary itself cannot finish, a failed run is reported and the error is thrown", async () => {
    scriptPassingEvaluation(harness.server);
    const { deps, completed } = canaryDeps({
      cases: cases.slice(0, 1),
      store: {
        save: async () => {
          throw new Error("store down");
        },
      },
    });
    await assert.rejects(runGoldenCanary(deps), /store down/);
    assert.deepEqual(
      completed.map((event) => [event.outcome, event.cases, event.passedCount]),
      [["failed", 1, 4]],
    );
  });

  it("without an evaluation model only ToolCallAccuracy is checked; the model-graded checks are skipped, not failed", async () => {
    const { deps } = canaryDeps({ cases: cases.slice(0, 1), evalModel: { skipped: "skipped: no evaluation model configured" } });
    const record = await runGoldenCanary(deps);
    assert.deepEqual(
      record.rows.map((row) => [row.metric, row.status]),
      [
        ["tool-call-accuracy", "pass"],
        ["agent-goal-accuracy", "skip"],
        ["topic-adherence", "skip"],
        ["judge", "skip"],
      ],
    );
    assert.deepEqual([record.passed, record.failed, record.skipped, record.passRate], [1, 0, 3, 1]);
  });

  it("`npm run evaluate -- canary` prints the table and `N passed, M failed`, stores the run in Cosmos and exits 1 on a failure", async () => {
    scriptPassingEvaluation(harness.server);
    const { server, baseUrl } = harness;
    // The shipped criteria: the model picks the level of those that do not fix one, and the global summary is written once.
    server.fallback("judge.granularity", (body) => ({
      choices: [...String(body.messages[1].content).matchAll(/^- ([^:]+):/gm)].map((match) => ({
        criterion: match[1],
        granularity: "phase_level",
        reason: "about phases",
      })),
    }));
    server.fallback("judge.summarizer", {
      narrative: "Routed, researched, answered.",
      execution_outcome: "Success",
      strategy_description: "Policy lookup.",
    });
    server.fallback("judge.evaluator", {
      verdict: "PASS",
      reasoning: "Met.",
      confidence_score: 0.9,
      evidence: { units: [], step_ids: [] },
    });
    const dir = mkdtempSync(path.join(tmpdir(), "canary-"));
    writeFileSync(path.join(dir, "cases.jsonl"), cases.map((one) => JSON.stringify(one)).join("\n"));
    const cosmos = await startEmbeddedCosmos();
    try {
      const outcome = await promisify(execFile)(process.execPath, ["--import", "tsx", "src/cli/evaluate.ts", "canary", "--dir", dir], {
        env: {
          PATH: process.env.PATH,
          LLM_PROVIDER: "offline",
          EVAL_MODELS: `eval-model-a@${baseUrl}`,
          COSMOS_ENDPOINT: cosmos.endpoint,
          COSMOS_KEY: cosmos.key,
        },
      }).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (error: unknown) => error as { code: number; stdout: string; stderr: string },
      );
      const lines = outcome.stdout.trimEnd().split("\n");
      assert.equal(outcome.code, 1);
      assert.match(lines[0], /^case\s+metric\s+score\s+result\s+note$/);
      assert.ok(
        lines.some((line) => /^acme-renewal-8pct\s+tool-call-accuracy\s+0\s+FAIL\s.*missing listSuppliers\(category=telecom\)/.test(line)),
        outcome.stdout,
      );
      // The header names the engine that ran, not the model deployments configured for when one is.
      assert.match(outcome.stderr, / 2 golden questions on the offline engine$/m);
      assert.doesNotMatch(outcome.stderr, /gpt-/);
      assert.equal(lines.filter((line) => /judge: .*PASS/.test(line)).length, 10);
      assert.equal(lines.at(-1), "14 passed, 2 failed");

      const client = new CosmosClient({ endpoint: cosmos.endpoint, key: cosmos.key, connectionPolicy: { enableEndpointDiscovery: false } });
      const { resources } = await client.database("procura").container("canaryRuns").items.readAll().fetchAll();
      client.dispose();
      const [stored] = resources.map((raw) => CanaryRecordSchema.parse(raw));
      assert.deepEqual(
        [resources.length, stored.outcome, stored.passed, stored.failed, stored.provider],
        [1, "completed", 14, 2, "offline"],
      );
      assert.deepEqual(stored.evalModels, [`eval-model-a@${baseUrl}`]);
    } finally {
      await cosmos.stop();
    }
  });
});
