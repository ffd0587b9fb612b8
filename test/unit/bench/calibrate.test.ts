import assert from "node:assert/strict";
import { MIN_ANSWERS_PER_MODEL, calibrateProfiles } from "../../../bench/calibrate";
import { ModelProfilesSchema } from "../../../bench/sim/latency";

/** `count` ModelStreamTimed rows of one deployment, first text rising by 10 ms a row from `firstTextMs`. */
function rows(count: number, model: string, firstTextMs: number, extra: Record<string, unknown> = {}) {
  return Array.from({ length: count }, (_, i) => ({
    deployment: "moderator-prod",
    model,
    reasoningEffort: "none",
    firstTextMs: firstTextMs + i * 10,
    tokensPerSecond: 60,
    chunkTokens: 12,
    reasoningTokens: 0,
    ...extra,
  }));
}

describe("bench calibrate: simulator profiles from ModelStreamTimed telemetry", () => {
  it("turns a CSV export into a profile per model: median first text, its p95 ratio, speed and the filter's chunk size", () => {
    const data = rows(21, "gpt-5.4-2026-03-05", 1_400);
    const csv = ["deployment,model,reasoningEffort,firstTextMs,tokensPerSecond,chunkTokens,reasoningTokens"]
      .concat(
        data.map((r) =>
          [r.deployment, r.model, r.reasoningEffort, r.firstTextMs, r.tokensPerSecond, r.chunkTokens, r.reasoningTokens].join(","),
        ),
      )
      .join("\n");
    const { profiles, skipped } = calibrateProfiles(csv, "export.csv", "2026-11-29");
    assert.deepEqual(skipped, []);
    const { sources, ...profile } = profiles["gpt-5.4"];
    assert.deepEqual(profile, {
      ttftMedianMs: 1_500,
      ttftP95OverMedian: 1.06,
      tokensPerSecond: 60,
      reasoningTokens: { none: 0 },
      filterChunkTokens: 12,
    });
    assert.match(sources[0], /21 streamed answers of moderator-prod \(export\.csv, calibrated 2026-11-29\)/);
    assert.ok(ModelProfilesSchema.safeParse({ about: "x", models: profiles }).success, "a profiles file the bench reads");
  });

  it("reads the JSON of az monitor app-insights query, takes the reasoning off the first text, and names models with too few answers", () => {
    const data = [
      ...rows(MIN_ANSWERS_PER_MODEL, "gpt-5.4-mini-2026-03-17", 1_300, {
        reasoningEffort: "low",
        reasoningTokens: 180,
        tokensPerSecond: 180,
      }),
    ];
    const columns = Object.keys(data[0]).map((name) => ({ name, type: "string" }));
    const few = rows(3, "gpt-5.6-sol", 900);
    const json = JSON.stringify({
      tables: [{ name: "PrimaryResult", columns, rows: [...data, ...few].map((r) => Object.values(r).map(String)) }],
    });
    const { profiles, skipped } = calibrateProfiles(json, "export.json", "2026-11-29");
    assert.equal(profiles["gpt-5.4-mini"].ttftMedianMs, 1_300 + 95 - 1_000, "median first text less 180 reasoning tokens at 180 tokens/s");
    assert.deepEqual(profiles["gpt-5.4-mini"].reasoningTokens, { low: 180 });
    assert.deepEqual(skipped, [`gpt-5.6-sol: 3 streamed answers, fewer than ${MIN_ANSWERS_PER_MODEL}`]);
  });

  it("says which row is wrong, and refuses an empty export", () => {
    assert.throws(
      () => calibrateProfiles(JSON.stringify([{ deployment: "d", model: "gpt-5.4" }]), "bad.json", "2026-11-29"),
      /bad\.json: row 1: .*firstTextMs/,
    );
    assert.throws(() => calibrateProfiles("[]", "empty.json", "2026-11-29"), /no rows/);
  });
});
