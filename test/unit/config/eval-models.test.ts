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

  it("anything else is a problem that never quotes the entry (it may hold a key)", () => {
    const problem = (parseEvalModelEntry("gpt-4o@sk-live-0123456789abcdef") as { problem: string }).problem;
    assert.match(problem, /is neither a model name nor model@https:\/\/base-url\/v1/);
    assert.ok(!problem.includes("sk-live"), problem);
  });

  it("labels an entry with its URL redacted", () => {
    assert.equal(
      (parseEvalModelEntry("gpt-4o@https://user:pw@gateway.example/v1?api-key=k") as { label: string }).label,
      "gpt-4o@https://gateway.example/v1",
    );
  });

  it("keys are found by the endpoint as written (trailing slashes ignored), else by its origin", () => {
    const keys = { "https://openrouter.ai/api/v1/": "exact", "https://gateway.example": "origin" };
    assert.equal(apiKeyFor(keys, "https://openrouter.ai/api/v1"), "exact");
    assert.equal(apiKeyFor(keys, "https://gateway.example/openai/v1"), "origin");
    assert.equal(apiKeyFor(keys, "https://elsewhere.example/v1"), undefined);
    assert.equal(apiKeyFor(undefined, "https://openrouter.ai/api/v1"), undefined);
  });
});
