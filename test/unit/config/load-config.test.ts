import assert from "node:assert/strict";
import { parseRatesToJpy } from "../../../src/config/schema";
import { loadConfig } from "../../../src/config";
import { ConfigurationError } from "../../../src/domain";

describe("loadConfig", () => {
  it("defaults to the offline engine with a reason when no endpoint is set", () => {
    const config = loadConfig({});
    assert.equal(config.provider.kind, "offline");
    assert.match(config.provider.kind === "offline" ? config.provider.reason : "", /no model endpoint configured/);
    assert.equal(config.workflow.qscoreThreshold, 80);
    assert.equal(config.workflow.maxSpecialists, 3);
    // GA models a new Azure customer can deploy (docs/models.md), each deployment named after and
    // stating its model; every answering role thinks least (the latency targets).
    const mini = { deployment: "gpt-5.4-mini", baseModel: "gpt-5.4-mini" };
    const full = { deployment: "gpt-5.4", baseModel: "gpt-5.4" };
    assert.deepEqual(config.models, {
      rewriter: { ...mini, reasoningEffort: "lowest" },
      router: { ...mini, reasoningEffort: "lowest" },
      specialist: { ...mini, reasoningEffort: "lowest" },
      moderator: { ...full, reasoningEffort: "lowest" },
      evaluation: { ...full, reasoningEffort: "medium" },
    });
    assert.equal(config.approvals.remindAfterMs, 4 * 3_600_000);
    assert.equal(config.approvals.expireAfterMs, 72 * 3_600_000);
  });

  it("picks azure-openai when an Azure endpoint is configured", () => {
    const config = loadConfig({ AZURE_OPENAI_ENDPOINT: "https://contoso.openai.azure.com", ROUTER_MODEL: "router-deploy" });
    assert.equal(config.provider.kind, "azure-openai");
    assert.equal(config.models.router.deployment, "router-deploy");
    // No api-version: Azure OpenAI's v1 API.
    assert.equal(config.provider.kind === "azure-openai" && config.provider.apiVersion, undefined);
  });

  it("reads each role's profile: deployment, family override and reasoning effort; the rewriter follows the Router unless set", () => {
    const config = loadConfig({
      ROUTER_MODEL: "router-prod",
      ROUTER_MODEL_FAMILY: "reasoning",
      ROUTER_REASONING_EFFORT: "minimal",
      SPECIALIST_MODEL: "llama3.1",
      SPECIALIST_MODEL_FAMILY: "compatible",
      MODERATOR_REASONING_EFFORT: "medium",
      EVAL_MODEL_FAMILY: "gpt-4",
      AZURE_OPENAI_ENDPOINT: "https://contoso.openai.azure.com",
      AZURE_OPENAI_API_VERSION: "2025-04-01-preview",
    });
    assert.deepEqual(config.models.router, { deployment: "router-prod", family: "reasoning", reasoningEffort: "minimal" });
    assert.deepEqual(config.models.rewriter, { deployment: "router-prod", family: "reasoning", reasoningEffort: "lowest" });
    assert.deepEqual(config.models.specialist, { deployment: "llama3.1", family: "compatible", reasoningEffort: "lowest" });
    assert.deepEqual(config.models.moderator, { deployment: "gpt-5.4", baseModel: "gpt-5.4", reasoningEffort: "medium" });
    assert.deepEqual(config.models.evaluation, { deployment: "gpt-5.4", baseModel: "gpt-5.4", family: "gpt-4", reasoningEffort: "medium" });
    assert.equal(config.provider.kind === "azure-openai" && config.provider.apiVersion, "2025-04-01-preview");
    assert.throws(() => loadConfig({ ROUTER_MODEL_FAMILY: "gpt-6" }), /ROUTER_MODEL_FAMILY/);
    // An empty setting (as the Bicep writes it) means: recognise the family from the name.
    assert.deepEqual(loadConfig({ ROUTER_MODEL_FAMILY: "", REWRITER_MODEL: "" }).models.rewriter, {
      deployment: "gpt-5.4-mini",
      baseModel: "gpt-5.4-mini",
      reasoningEffort: "lowest",
    });
    assert.throws(() => loadConfig({ ROUTER_REASONING_EFFORT: "extreme" }), /ROUTER_REASONING_EFFORT/);
  });

  it("states each role's model: the default deployments' own, a configured one, none for a named deployment; never read from its name", () => {
    const azure = { AZURE_OPENAI_ENDPOINT: "https://contoso.openai.azure.com" };
    const config = loadConfig({
      ...azure,
      ROUTER_MODEL: "router-prod",
      MODERATOR_MODEL: "answers",
      MODERATOR_BASE_MODEL: "gpt-5.6-sol@2026-08-20",
    });
    assert.equal(config.models.router.baseModel, undefined);
    assert.equal(config.models.specialist.baseModel, "gpt-5.4-mini");
    assert.equal(config.models.moderator.baseModel, "gpt-5.6-sol@2026-08-20");
  });

  it("checks each role's effort against its model at start-up: one clear line for minimal from GPT-5.1 on, xhigh where the model takes it", () => {
    const azure = { AZURE_OPENAI_ENDPOINT: "https://contoso.openai.azure.com" };
    assert.throws(
      () => loadConfig({ ...azure, ROUTER_MODEL: "router-prod", ROUTER_BASE_MODEL: "gpt-5.4", ROUTER_REASONING_EFFORT: "minimal" }),
      {
        message:
          'Invalid configuration: ROUTER_REASONING_EFFORT="minimal": gpt-5.4 does not take reasoning effort minimal (from gpt-5.1 on the least effort is none); it takes lowest, none, low, medium, high, xhigh',
      },
    );
    assert.throws(
      () => loadConfig({ ...azure, MODERATOR_REASONING_EFFORT: "minimal" }),
      /MODERATOR_REASONING_EFFORT="minimal": gpt-5.4 does not/,
    );
    assert.equal(loadConfig({ ...azure, MODERATOR_REASONING_EFFORT: "xhigh" }).models.moderator.reasoningEffort, "xhigh");
    assert.throws(
      () =>
        loadConfig({ OPENAI_BASE_URL: "http://localhost:11434/v1", SPECIALIST_MODEL: "gpt-5-mini", SPECIALIST_REASONING_EFFORT: "xhigh" }),
      /SPECIALIST_REASONING_EFFORT="xhigh": gpt-5-mini does not take reasoning effort xhigh/,
    );
    // A deployment whose model is not stated is checked by the service on its first call.
    assert.equal(
      loadConfig({ ...azure, ROUTER_MODEL: "router-prod", ROUTER_REASONING_EFFORT: "minimal" }).models.router.reasoningEffort,
      "minimal",
    );
  });

  it("picks openai-compatible from OPENAI_BASE_URL", () => {
    const config = loadConfig({ OPENAI_BASE_URL: "http://127.0.0.1:11434/v1", OPENAI_API_KEY: "k" });
    assert.deepEqual(config.provider, { kind: "openai-compatible", baseUrls: ["http://127.0.0.1:11434/v1"], apiKey: "k" });
  });

  it("reads a comma-separated endpoint list as a failover order, primary first", () => {
    const config = loadConfig({ AZURE_OPENAI_ENDPOINT: " https://east.openai.azure.com , https://west.openai.azure.com" });
    assert.deepEqual(config.provider.kind === "azure-openai" && config.provider.endpoints, [
      "https://east.openai.azure.com",
      "https://west.openai.azure.com",
    ]);
    assert.throws(
      () => loadConfig({ OPENAI_BASE_URL: "http://a/v1,not a url" }),
      /OPENAI_BASE_URL.*each comma-separated entry must be an http\(s\) URL/,
    );
  });

  it("reads the rates to JPY, keeping the default for a currency left out", () => {
    assert.deepEqual(loadConfig({}).workflow.jpyRates, { JPY: 1, USD: 150, EUR: 160 });
    assert.deepEqual(loadConfig({ FX_RATES_JPY: "USD=145.5" }).workflow.jpyRates, { JPY: 1, USD: 145.5, EUR: 160 });
  });

  it("takes any currency's rate for imported data, and the amount reader keeps the currencies it reads", () => {
    assert.deepEqual(parseRatesToJpy("usd=145, GBP=190"), { JPY: 1, USD: 145, EUR: 160, GBP: 190 });
    assert.deepEqual(loadConfig({ FX_RATES_JPY: "GBP=190,USD=149" }).workflow.jpyRates, { JPY: 1, USD: 149, EUR: 160 });
    assert.match(String(parseRatesToJpy("USD=0")), /positive rate/);
  });

  for (const [env, variable] of [
    [{ QSCORE_THRESHOLD: "eighty" }, "QSCORE_THRESHOLD"],
    [{ MAX_SPECIALISTS: "9" }, "MAX_SPECIALISTS"],
    [{ LLM_PROVIDER: "gemini" }, "LLM_PROVIDER"],
    [{ LLM_PROVIDER: "azure-openai" }, "AZURE_OPENAI_ENDPOINT"],
    [{ OPENAI_BASE_URL: "not a url" }, "OPENAI_BASE_URL"],
    [{ APPROVAL_REMIND_AFTER: "soon" }, "APPROVAL_REMIND_AFTER"],
    [{ FX_RATES_JPY: "USD=abc" }, "FX_RATES_JPY"],
    [{ FX_RATES_JPY: "POUND=190" }, "FX_RATES_JPY"],
  ] as const) {
    it(`stops with a message naming ${variable} for ${JSON.stringify(env)}`, () => {
      assert.throws(
        () => loadConfig(env),
        (error: unknown) => error instanceof ConfigurationError && error.message.includes(variable),
      );
    });
  }

  it("takes http(s) endpoints only, naming the variable", () => {
    for (const variable of ["OPENAI_BASE_URL", "AZURE_OPENAI_ENDPOINT", "COSMOS_ENDPOINT", "RUN_QUEUE_URL", "OPERATOR_SERVICE_URL"])
      assert.throws(
        () => loadConfig({ [variable]: "ftp://files.example/v1" }),
        (error: unknown) => error instanceof ConfigurationError && new RegExp(`${variable}=.*http\\(s\\) URL`).test(error.message),
        variable,
      );
  });

  it("never echoes a secret setting's value, and shows other values' URLs without credentials or query", () => {
    const secrets = [
      { EVAL_API_KEYS: '{"https://openrouter.ai/api/v1": sk-or-v1-0123456789' },
      { EVAL_MODELS: "gpt-4o@https://openrouter.ai/api/v1 sk-or-v1-0123456789" },
      { EVAL_MODEL: "gpt-4o@sk-or-v1-0123456789" },
      { EVAL_API_KEYS: '{"https://user:sk-or-v1-0123456789@gw.example": ""}' },
    ];
    for (const env of secrets)
      assert.throws(
        () => loadConfig(env),
        (error: unknown) => {
          assert.ok(error instanceof ConfigurationError);
          const [variable] = Object.keys(env);
          assert.match(error.message, new RegExp(`${variable} \\(value not shown\\)`));
          assert.ok(!error.message.includes("sk-or-v1"), error.message);
          return true;
        },
      );
    assert.throws(
      () => loadConfig({ OPENAI_BASE_URL: "ftp://user:pw0123@files.example/v1?api-key=k0123" }),
      (error: unknown) =>
        error instanceof ConfigurationError &&
        error.message.includes('OPENAI_BASE_URL="ftp://files.example/v1"') &&
        !/pw0123|k0123/.test(error.message),
    );
  });

  it("reads ports: empty means the default, 0 any free port, and anything outside 0–65535 stops start-up naming the variable", () => {
    assert.deepEqual(
      [loadConfig({ PORT: "" }).env.PORT, loadConfig({ PORT: "0" }).env.PORT, loadConfig({ PLAYGROUND_PORT: "4000" }).env.PLAYGROUND_PORT],
      [3978, 0, 4000],
    );
    for (const [variable, value] of [
      ["PORT", "70000"],
      ["PLAYGROUND_PORT", "abc"],
      ["PLAYGROUND_APPROVER_PORT", "-1"],
      ["PLAYGROUND_PORT", "80.5"],
    ])
      assert.throws(() => loadConfig({ [variable]: value }), new RegExp(`${variable}="${value}"`));
  });
});
