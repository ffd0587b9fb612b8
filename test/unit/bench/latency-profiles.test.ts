import assert from "node:assert/strict";
import {
  MODEL_PROFILES,
  callRandom,
  hedgedTtftMs,
  latencyProfileOf,
  profilesWith,
  replySchedule,
  sampleTtftMs,
  ttftQuantileMs,
} from "../../../bench/sim/latency";

describe("latency simulator profiles (bench/sim/model-profiles.json)", () => {
  it("gives every default model its published speeds, with sources", () => {
    for (const model of ["gpt-5.4-mini", "gpt-5.4", "default"]) {
      assert.ok(MODEL_PROFILES[model], model);
      assert.ok(MODEL_PROFILES[model].sources.length > 0, `${model} names its sources`);
    }
    assert.deepEqual(latencyProfileOf("gpt-5.4-mini", "none"), {
      ttftMedianMs: 1200,
      ttftP95OverMedian: 2.5,
      tokensPerSecond: 180,
      reasoningTokens: 0,
      filterChunkTokens: 16,
    });
    // The slower end of the public Azure figures for gpt-5.4 ships; the faster end is a file to lay over it.
    assert.deepEqual([MODEL_PROFILES["gpt-5.4"].ttftMedianMs, MODEL_PROFILES["gpt-5.4"].tokensPerSecond], [1700, 52]);
    const fast = profilesWith("bench/sim/model-profiles-fast.json");
    assert.deepEqual([fast["gpt-5.4"].ttftMedianMs, fast["gpt-5.4"].tokensPerSecond], [1200, 70]);
    assert.equal(fast["gpt-5.4-mini"], MODEL_PROFILES["gpt-5.4-mini"]);
    assert.equal(profilesWith("bench/sim/model-profiles-router-ptu.json")["gpt-5.4-mini-ptu"].ttftMedianMs, 1100);
    assert.equal(latencyProfileOf("gpt-5.4", "low").reasoningTokens, 300);
    assert.equal(latencyProfileOf("llama3.1").tokensPerSecond, MODEL_PROFILES.default.tokensPerSecond);
  });

  it("adds the reasoning at the requested effort to the time to first token, at the model's speed", () => {
    const none = sampleTtftMs(latencyProfileOf("gpt-5.4", "none"), callRandom(7, "q|moderator|0"));
    const low = sampleTtftMs(latencyProfileOf("gpt-5.4", "low"), callRandom(7, "q|moderator|0"));
    assert.equal(Math.round(low - none), Math.round((300 / 52) * 1000));
  });

  it("releases text as the content filter does: buffered chunks by default, each token at once when asynchronous", () => {
    const profile = { ttftMedianMs: 1000, ttftP95OverMedian: 2, tokensPerSecond: 100, reasoningTokens: 0, filterChunkTokens: 10 };
    const buffered = replySchedule(profile, 25, 1000, "default");
    assert.deepEqual(buffered.releases, [
      { atMs: 1000, tokens: 10 },
      { atMs: 1100, tokens: 10 },
      { atMs: 1150, tokens: 5 },
    ]);
    const asynchronous = replySchedule(profile, 25, 1000, "asynchronous");
    assert.equal(asynchronous.releases.length, 25);
    assert.equal(asynchronous.releases[0].atMs, 910, "the first token without waiting for the buffer");
    assert.equal(asynchronous.endMs, buffered.endMs, "the reply ends when its last token is written either way");
  });

  it("sends a hedge at a quantile of the profile's time to first token, which the draws then exceed that often", () => {
    const profile = latencyProfileOf("gpt-5.4", "none");
    assert.equal(ttftQuantileMs(profile, 0.5).toFixed(0), "1700");
    assert.ok(Math.abs(ttftQuantileMs(profile, 0.95) - 1700 * 2.5) < 5, "the profile's p95 (within the approximation's error)");
    const hedgeAt = ttftQuantileMs(profile, 0.9);
    const draws = Array.from({ length: 4000 }, (_, i) => sampleTtftMs(profile, callRandom(7, `held-out ${i}`)));
    const late = draws.filter((ms) => ms > hedgeAt).length / draws.length;
    assert.ok(late > 0.08 && late < 0.12, `${late} of the draws are later than the p90`);
  });

  it("keeps an answer in time unhedged, and takes the earlier of a late one and its hedge", () => {
    let hedgeDrawn = false;
    const second = (ms: number) => () => ((hedgeDrawn = true), ms);
    assert.deepEqual(hedgedTtftMs(1500, 3000, second(100)), { ttftMs: 1500, hedged: false });
    assert.equal(hedgeDrawn, false, "no second request before the hedge delay");
    assert.deepEqual(hedgedTtftMs(9000, 3000, second(1200)), { ttftMs: 4200, hedged: true });
    assert.deepEqual(hedgedTtftMs(3500, 3000, second(1200)), { ttftMs: 3500, hedged: true }, "the first still wins when it answers first");
  });
});
