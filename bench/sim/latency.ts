/**
 * The simulated model's timing: time to first token drawn from a lognormal distribution, plus the
 * output tokens at the model's speed. Draws are seeded by (seed, question, agent, call number), so a
 * run gets the same latencies whatever else runs beside it, and two bench variants are paired.
 */
import { createHash } from "node:crypto";
import { Prng } from "../../src/tools/sample-data/prng";

/** How one model behaves. */
export interface LatencyProfile {
  /** Median time to first token, ms. */
  ttftMedianMs: number;
  /** p95 ÷ median of the time to first token (3 = the p95 is three times the median). */
  ttftP95OverMedian: number;
  /** Output speed. */
  tokensPerSecond: number;
}

/** The small, fast model (the Router's): median TTFT 0.5 s, 75 tok/s. */
export const SMALL_MODEL: LatencyProfile = { ttftMedianMs: 500, ttftP95OverMedian: 3, tokensPerSecond: 75 };

/** The large model (specialists, Moderator): median TTFT 0.6 s, 60 tok/s. */
export const LARGE_MODEL: LatencyProfile = { ttftMedianMs: 600, ttftP95OverMedian: 3, tokensPerSecond: 60 };

/** The z-score of the 95th percentile of a standard normal distribution. */
const Z95 = 1.6448536;

/** A seeded generator for one call: the same key and seed always give the same draws. */
export function callRandom(seed: number, key: string): Prng {
  return new Prng(createHash("sha256").update(`${seed}|${key}`).digest().readUInt32LE(0));
}

/** One lognormal time to first token (ms) for the profile. */
export function sampleTtftMs(profile: LatencyProfile, random: Prng): number {
  const sigma = Math.log(profile.ttftP95OverMedian) / Z95;
  // Box–Muller; 1 - u keeps the logarithm finite.
  const z = Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());
  return profile.ttftMedianMs * Math.exp(sigma * z);
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
