import assert from "node:assert/strict";
import { MODEL_PROFILES, callRandom, latencyProfileOf, sampleTtftMs } from "../../../bench/sim/latency";

describe("latency simulator profiles (bench/sim/model-profiles.json)", () => {
  it("gives every default model its published speeds, with sources", () => {
    for (const model of ["gpt-5.4-mini", "gpt-5.4", "default"]) {
      assert.ok(MODEL_PROFILES[model], model);
      assert.ok(MODEL_PROFILES[model].sources.length > 0, `${model} names its sources`);
    }
    assert.deepEqual(latencyProfileOf("gpt-5.4-mini", "none"), {
      ttftMedianMs: 1100,
      ttftP95OverMedian: 2.5,
      tokensPerSecond: 180,
      reasoningTokens: 0,
    });
    assert.equal(latencyProfileOf("gpt-5.4", "low").reasoningTokens, 300);
    assert.equal(latencyProfileOf("llama3.1").tokensPerSecond, MODEL_PROFILES.default.tokensPerSecond);
  });

  it("adds the reasoning at the requested effort to the time to first token, at the model's speed", () => {
    const none = sampleTtftMs(latencyProfileOf("gpt-5.4", "none"), callRandom(7, "q|moderator|0"));
    const low = sampleTtftMs(latencyProfileOf("gpt-5.4", "low"), callRandom(7, "q|moderator|0"));
    assert.equal(Math.round(low - none), Math.round((300 / 80) * 1000));
  });
});
