/**
 * The simulated model's timing: time to first token drawn from a lognormal distribution, plus the
 * output tokens at the model's speed. Draws are seeded by (seed, question, agent, call number), so a
 * run gets the same latencies whatever else runs beside it, and two bench variants are paired.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { Prng } from "../../src/tools/sample-data/prng";

/** How one model behaves at one reasoning effort. */
export interface LatencyProfile {
  /** Median time to first token without reasoning, ms. */
  ttftMedianMs: number;
  /** p95 ÷ median of the time to first token (3 = the p95 is three times the median). */
  ttftP95OverMedian: number;
  /** Output speed (reasoning tokens are generated at it too). */
  tokensPerSecond: number;
  /** Tokens the model reasons before its first visible token (0 for non-reasoning models). */
  reasoningTokens: number;
}

const ProfileEntrySchema = z.object({
  ttftMedianMs: z.number().positive(),
  ttftP95OverMedian: z.number().min(1),
  tokensPerSecond: z.number().positive(),
  reasoningTokens: z.record(z.number().min(0)),
  sources: z.array(z.string().min(1)).min(1),
});

/** The models' published speeds with their sources: one data file (bench/sim/model-profiles.json). */
export const MODEL_PROFILES = z
  .object({ about: z.string(), models: z.record(ProfileEntrySchema).refine((models) => "default" in models, "needs a 'default' entry") })
  .parse(JSON.parse(readFileSync(path.join(__dirname, "model-profiles.json"), "utf8"))).models;

/**
 * The profile of `model` (the deployment name as sent; unknown names get the `default` entry) at
 * `reasoningEffort` as sent (`lowest` already resolved; absent: no reasoning).
 */
export function latencyProfileOf(model: string, reasoningEffort?: string): LatencyProfile {
  const { sources: _sources, reasoningTokens, ...speeds } = MODEL_PROFILES[model] ?? MODEL_PROFILES.default;
  return { ...speeds, reasoningTokens: reasoningEffort === undefined ? 0 : (reasoningTokens[reasoningEffort] ?? 0) };
}

/** The z-score of the 95th percentile of a standard normal distribution. */
const Z95 = 1.6448536;

/** A seeded generator for one call: the same key and seed always give the same draws. */
export function callRandom(seed: number, key: string): Prng {
  return new Prng(createHash("sha256").update(`${seed}|${key}`).digest().readUInt32LE(0));
}

/** One time to first token (ms) for the profile: a lognormal draw, plus the reasoning at the model's speed. */
export function sampleTtftMs(profile: LatencyProfile, random: Prng): number {
  const sigma = Math.log(profile.ttftP95OverMedian) / Z95;
  // Box–Muller; 1 - u keeps the logarithm finite.
  const z = Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());
  return profile.ttftMedianMs * Math.exp(sigma * z) + (profile.reasoningTokens / profile.tokensPerSecond) * 1000;
}

/** How long the whole reply takes (ms): time to first token plus generating `outputTokens`. */
export function replyDurationMs(profile: LatencyProfile, outputTokens: number, random: Prng): number {
  return sampleTtftMs(profile, random) + (outputTokens / profile.tokensPerSecond) * 1000;
}

/**
 * A tokenizer-free token estimate in the spirit of cl100k: about four ASCII characters per token,
 * one token per CJK or other non-ASCII character.
 */
export function estimateTokens(text: string): number {
  let ascii = 0;
  let other = 0;
  for (const char of text) {
    if (char.charCodeAt(0) < 128) ascii++;
    else other++;
  }
  return Math.ceil(ascii / 4) + other;
}
