import assert from "node:assert/strict";
import type { ReasoningEffort } from "../../../src/domain";
import { samplingFields, toChatCompletionParams } from "../../../src/llm/openai-request";

/** The family a deployment name is sent as, read from the fields its request carries. */
function recogniseFamily(model: string, provider: "azure-openai" | "openai-compatible"): string {
  const body = toChatCompletionParams(
    { agentId: "router", model, messages: [], temperature: 0, maxTokens: 400, timeoutMs: 1000 },
    provider,
  );
  return "max_tokens" in body ? "compatible" : "temperature" in body ? "gpt-4" : "reasoning";
}

describe("model families", () => {
  it("recognises the GPT-5 family and the o-series as reasoning models, GPT-4o/4.1 as gpt-4, anything else by provider", () => {
    for (const name of ["gpt-5", "gpt-5-mini", "gpt-5.1", "gpt-5.4-mini", "GPT-5.4", "o3-mini", "o4-mini", "o1", "openai/gpt-5-mini"])
      assert.equal(recogniseFamily(name, "openai-compatible"), "reasoning", name);
    for (const name of ["gpt-4o", "gpt-4o-mini", "gpt-4.1", "gpt-35-turbo"])
      assert.equal(recogniseFamily(name, "azure-openai"), "gpt-4", name);
    // Local servers read max_tokens; an Azure deployment with a name of its own gets Azure's GPT-4 rules.
    assert.equal(recogniseFamily("llama3.1:8b", "openai-compatible"), "compatible");
    assert.equal(recogniseFamily("qwen2.5", "openai-compatible"), "compatible");
    assert.equal(recogniseFamily("router-prod", "azure-openai"), "gpt-4");
    assert.equal(recogniseFamily("gpt-4o-killer", "openai-compatible"), "gpt-4");
    assert.equal(recogniseFamily("o3x", "openai-compatible"), "compatible");
  });

  it("resolves the lowest effort per known model (none from GPT-5.1 on, minimal on GPT-5, low on the o-series), and sends none while the model is unknown", () => {
    const resolveEffort = (reasoningEffort: ReasoningEffort, knownModel: string | undefined) =>
      samplingFields("reasoning", { knownModel, temperature: 0, maxTokens: 400, reasoningEffort }).reasoning_effort;
    assert.equal(resolveEffort("lowest", "gpt-5.4-mini"), "none");
    assert.equal(resolveEffort("lowest", "gpt-5.4-2026-03-05"), "none");
    assert.equal(resolveEffort("lowest", "gpt-5.1"), "none");
    assert.equal(resolveEffort("lowest", "gpt-5-mini"), "minimal");
    assert.equal(resolveEffort("lowest", "o4-mini"), "low");
    assert.equal(resolveEffort("medium", "gpt-5-mini"), "medium");
    assert.equal(resolveEffort("lowest", undefined), undefined);
    assert.equal(resolveEffort("lowest", "router-prod"), undefined);
  });

  it("writes each family's fields: no temperature and max_completion_tokens for reasoning, max_tokens only for compatible servers", () => {
    const request = { knownModel: "gpt-5-mini", temperature: 0, maxTokens: 400, reasoningEffort: "lowest" as const };
    assert.deepEqual(samplingFields("reasoning", request), { max_completion_tokens: 400, reasoning_effort: "minimal" });
    assert.deepEqual(samplingFields("gpt-4", request), { temperature: 0, max_completion_tokens: 400 });
    assert.deepEqual(samplingFields("compatible", request), { temperature: 0, max_tokens: 400 });
  });
});
