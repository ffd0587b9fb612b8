import assert from "node:assert/strict";
import { testConfig } from "../../fakes/test-config";
import { createEvalModel } from "../../../src/eval/create-eval-model";
import type { EvalModel } from "../../../src/eval/eval-model";
import { judgeRun } from "../../../src/eval/judge/judge-run";
import { agentGoalAccuracy } from "../../../src/eval/metrics/agent-goal-accuracy";
import { ScriptedModelServer } from "../../fakes/scripted-model-server";

const noWait = { sleep: async () => undefined, random: () => 0 };
const sample = {
  id: "s1",
  userInputMessages: [
    { type: "human" as const, content: "Renew Acme at +8%?" },
    { type: "ai" as const, content: "No: the cap is 5%." },
  ],
  reference: "Says whether +8% is allowed",
};
const steps = [
  {
    step: 1,
    thinking: "route",
    memory: "",
    action: "selected contract",
    next_goal: "contract",
    evaluation_previous_goal: "question received",
  },
  {
    step: 2,
    thinking: "cap 5%",
    memory: "searchContracts: CTR-0012 cap 5%",
    action: "called searchContracts",
    next_goal: "end",
    evaluation_previous_goal: "routed",
  },
];

describe("evaluation models from several providers (two scripted servers at the wire)", () => {
  const gateway = new ScriptedModelServer();
  const azure = new ScriptedModelServer();
  let endpoints: { gateway: string; azure: string };
  before(async () => {
    endpoints = { gateway: (await gateway.start()).baseUrl, azure: (await azure.start()).azureEndpoint };
  });
  afterEach(() => {
    for (const server of [gateway, azure]) {
      server.assertNoUnexpectedCalls();
      server.reset();
    }
  });
  after(async () => {
    await gateway.stop();
    await azure.stop();
  });

  /** An offline bot (no model at all) evaluating with the given EVAL_MODELS and keys. */
  function evalModelFor(evalModels: string, keys: Record<string, string> = {}): EvalModel {
    const built = createEvalModel(
      testConfig({ LLM_PROVIDER: "offline", EVAL_MODELS: evalModels, EVAL_API_KEYS: JSON.stringify(keys) }),
      noWait,
    );
    assert.ok(!("skipped" in built), JSON.stringify(built));
    return built;
  }

  it("evaluates with an OpenAI-compatible gateway model and an Azure deployment, each with its own key, and no bot model configured", async () => {
    const claude = `anthropic/claude-3.5-sonnet@${endpoints.gateway}`;
    const deployment = `gpt-4o-eval@azure:${endpoints.azure}`;
    const evalModel = evalModelFor(`${claude}, ${deployment}`, { [endpoints.gateway]: "key-gateway", [endpoints.azure]: "key-azure" });
    gateway.script("eval.goal-accuracy", { reasoning: "The cap answer settles it.", goalAchieved: true });
    azure.script("eval.goal-accuracy", { reasoning: "It never says what to do next.", goalAchieved: false });

    const result = await agentGoalAccuracy(evalModel, sample, { mode: "WITH_REFERENCE" });

    assert.deepEqual(
      result.models!.perModel.map((one) => [one.model, one.score]),
      [
        [claude, 1],
        [deployment, 0],
      ],
    );
    assert.deepEqual([result.score, result.models!.mean, result.models!.spread, result.models!.disagreement], [0.5, 0.5, 1, true]);
    assert.match(result.reason, /models disagree/);
    const [toGateway] = gateway.callsFor("eval.goal-accuracy");
    assert.equal(toGateway.model, "anthropic/claude-3.5-sonnet");
    assert.equal(toGateway.headers.authorization, "Bearer key-gateway");
    const [toAzure] = azure.callsFor("eval.goal-accuracy");
    // Azure OpenAI's v1 API: the deployment is the body's model.
    assert.equal(toAzure.path, "/openai/v1/chat/completions");
    assert.equal(toAzure.model, "gpt-4o-eval");
    assert.equal(toAzure.headers["api-key"], "key-azure");
  });

  it("--models may name a configured model by its model name; an unknown one fails with the configured list", async () => {
    const evalModel = evalModelFor(`judge-x@${endpoints.gateway}`);
    gateway.script("eval.goal-accuracy", { reasoning: "ok", goalAchieved: true });
    assert.equal((await agentGoalAccuracy(evalModel, sample, { mode: "WITH_REFERENCE", models: ["judge-x"] })).score, 1);
    const unknown = await agentGoalAccuracy(evalModel, sample, { mode: "WITH_REFERENCE", models: ["judge-y"] });
    assert.equal(unknown.score, null);
    assert.match(unknown.reason, /"judge-y" is not a configured evaluation model \(configured: judge-x@http/);
  });

  it("a key given for an endpoint's origin serves every path on it", async () => {
    const evalModel = evalModelFor(`judge-x@${endpoints.gateway}`, { [new URL(endpoints.gateway).origin]: "origin-key" });
    gateway.script("eval.goal-accuracy", { reasoning: "ok", goalAchieved: true });
    await agentGoalAccuracy(evalModel, sample);
    assert.equal(gateway.callsFor("eval.goal-accuracy")[0].headers.authorization, "Bearer origin-key");
  });

  it("the Judge asks every evaluation model: majority verdict, mean confidence, each model's verdict and evidence kept, disagreement flagged", async () => {
    const evalModel = evalModelFor(`judge-a@${endpoints.gateway},judge-b@${endpoints.gateway},judge-c@azure:${endpoints.azure}`, {
      [endpoints.azure]: "key-azure",
    });
    gateway.script("judge.decomposer", { phases: [{ title: "All", firstStep: 1, lastStep: 2, summary: "Routed and answered." }] });
    gateway.fallback("judge.evaluator", (body) => ({
      verdict: "PASS",
      reasoning: `${body.model} saw the cap cited.`,
      confidence_score: body.model === "judge-a" ? 0.9 : 0.7,
      evidence: { units: ["Step 2"], step_ids: [2] },
    }));
    azure.script("judge.evaluator", {
      verdict: "FAIL",
      reasoning: "No next action.",
      confidence_score: 0.5,
      evidence: { units: ["Step 1"], step_ids: [1] },
    });

    const report = await judgeRun(evalModel, { id: "run-1", steps }, [
      { name: "Evidence grounding", description: "Each claim is backed by a tool result.", granularity: "step_level" },
    ]);

    const [result] = report.results;
    assert.equal(result.verdict, "PASS");
    assert.ok(Math.abs(result.confidence_score - (0.9 + 0.7 + 0.5) / 3) < 1e-9);
    assert.deepEqual(result.evidence, { units: ["Step 2"], step_ids: [2] });
    assert.equal(result.models!.disagreement, true);
    assert.deepEqual(
      result.models!.perModel.map((one) => [one.model.split("@")[0], one.verdict, one.evidence.step_ids]),
      [
        ["judge-a", "PASS", [2]],
        ["judge-b", "PASS", [2]],
        ["judge-c", "FAIL", [1]],
      ],
    );
    assert.match(result.reasoning, /^PASS by 2 of 3 models \(models disagree/);
    assert.equal(gateway.callsFor("judge.evaluator").length, 2);
  });
});

describe("choosing evaluation models from configuration", () => {
  const skipped = (env: Record<string, string>) => {
    const built = createEvalModel(testConfig(env));
    return "skipped" in built ? built.skipped : built.models;
  };

  it("unset EVAL_MODELS: the Moderator's model on the bot's endpoint; with no bot model, skipped with the reason", () => {
    assert.deepEqual(skipped({ OPENAI_BASE_URL: "http://127.0.0.1:9/v1", MODERATOR_MODEL: "mod-model" }), ["mod-model"]);
    assert.match(
      String(skipped({ LLM_PROVIDER: "offline" })),
      /^skipped: no evaluation model configured \(EVAL_MODELS is unset and the bot has no model: LLM_PROVIDER=offline\)/,
    );
  });

  it("EVAL_MODEL is one entry in the same syntax; EVAL_MODELS wins over it", () => {
    assert.deepEqual(skipped({ LLM_PROVIDER: "offline", EVAL_MODEL: "m@http://127.0.0.1:9/v1" }), ["m@http://127.0.0.1:9/v1"]);
    assert.deepEqual(skipped({ OPENAI_BASE_URL: "http://127.0.0.1:9/v1", EVAL_MODEL: "one", EVAL_MODELS: "two,three" }), ["two", "three"]);
  });

  it("a bare name needs the bot's endpoint: with an offline bot the skip names the entry and the fix", () => {
    assert.match(
      String(skipped({ LLM_PROVIDER: "offline", EVAL_MODELS: "gpt-4o,m@http://127.0.0.1:9/v1" })),
      /"gpt-4o" names no endpoint.*model@https:\/\/base-url\/v1/,
    );
  });

  it("malformed entries and keys stop start-up with the variable named, and their values unshown", () => {
    assert.throws(
      () => testConfig({ EVAL_MODELS: "good,bad name@ftp://x" }),
      /^(?!.*bad name).*EVAL_MODELS \(value not shown\): entry 2 of 2 is neither a model name/,
    );
    assert.throws(
      () => testConfig({ EVAL_API_KEYS: "sk-plain" }),
      /^(?!.*sk-plain).*EVAL_API_KEYS \(value not shown\): expected a JSON object/,
    );
  });
});
