import assert from "node:assert/strict";
import { apiKeyFor, parseEvalModelEntry } from "../../../src/config/eval-models";

describe("EVAL_MODELS entries", () => {
  it("a bare name is the bot's own endpoint", () => {
    assert.deepEqual(parseEvalModelEntry(" gpt-4o "), { label: "gpt-4o", model: "gpt-4o", endpoint: { kind: "bot" } });
  });

  it("model@https://base-url/v1 is an OpenAI-compatible endpoint; the last @ before the URL splits", () => {
    assert.deepEqual(parseEvalModelEntry("anthropic/claude-3.5-sonnet@https://openrouter.ai/api/v1/"), {
      label: "anthropic/claude-3.5-sonnet@https://openrouter.ai/api/v1",
      model: "anthropic/claude-3.5-sonnet",
      endpoint: { kind: "openai-compatible", baseUrl: "https://openrouter.ai/api/v1" },
    });
    assert.deepEqual(parseEvalModelEntry("claude-3-5-sonnet@20240620@http://localhost:4000/v1"), {
      label: "claude-3-5-sonnet@20240620@http://localhost:4000/v1",
      model: "claude-3-5-sonnet@20240620",
      endpoint: { kind: "openai-compatible", baseUrl: "http://localhost:4000/v1" },
    });
  });

  it("deployment@azure:https://resource is an Azure OpenAI deployment", () => {
    assert.deepEqual(parseEvalModelEntry("gpt-4o-eval@azure:https://oai-eval.openai.azure.com"), {
      label: "gpt-4o-eval@azure:https://oai-eval.openai.azure.com",
      model: "gpt-4o-eval",
      endpoint: { kind: "azure-openai", endpoint: "https://oai-eval.openai.azure.com" },
    });
  });

  it("anything else is a problem naming the entry", () => {
    assert.match(
      (parseEvalModelEntry("gpt-4o@openrouter") as { problem: string }).problem,
      /"gpt-4o@openrouter" is neither a model name nor model@https:\/\/base-url\/v1/,
    );
    assert.match((parseEvalModelEntry("two words") as { problem: string }).problem, /"two words"/);
  });

  it("keys are found by the endpoint as written (trailing slashes ignored), else by its origin", () => {
    const keys = { "https://openrouter.ai/api/v1/": "exact", "https://gateway.example": "origin" };
    assert.equal(apiKeyFor(keys, "https://openrouter.ai/api/v1"), "exact");
    assert.equal(apiKeyFor(keys, "https://gateway.example/openai/v1"), "origin");
    assert.equal(apiKeyFor(keys, "https://elsewhere.example/v1"), undefined);
    assert.equal(apiKeyFor(undefined, "https://openrouter.ai/api/v1"), undefined);
  });
});
