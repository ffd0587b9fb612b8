/**
 * The simulated model's timing: time to first text drawn from a lognormal distribution, plus the
 * output tokens at the model's speed, released as Azure's content filter releases them. Draws are
 * seeded by (seed, question, agent, call number), so a run gets the same latencies whatever else
 * runs beside it, and two bench variants are paired. Every time here is on the model's clock: what
 * the simulator plans, never what a loaded machine's timers deliver (see test/fakes/latency-model-server.ts).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { Prng } from "../../src/tools/sample-data/prng";

/** How one model behaves at one reasoning effort. */
export interface LatencyProfile {
  /** Median time to the first text chunk without reasoning, ms, as measured in the default filter mode (the first buffered chunk included). */
  ttftMedianMs: number;
  /** p95 ÷ median of the time to first token (3 = the p95 is three times the median). */
  ttftP95OverMedian: number;
  /** Output speed (reasoning tokens are generated at it too). */
  tokensPerSecond: number;
  /** Tokens the model reasons before its first visible token (0 for non-reasoning models). */
  reasoningTokens: number;
  /** Tokens per chunk the default content filter releases (it buffers text and judges it chunk by chunk). */
  filterChunkTokens: number;
}

/** How Azure's content filter releases streamed text: buffered chunks (default) or each token at once (asynchronous). */
export type ContentFilterMode = "default" | "asynchronous";

const ProfileEntrySchema = z.object({
  ttftMedianMs: z.number().positive(),
  ttftP95OverMedian: z.number().min(1),
  tokensPerSecond: z.number().positive(),
  reasoningTokens: z.record(z.number().min(0)),
  filterChunkTokens: z.number().min(1),
  sources: z.array(z.string().min(1)).min(1),
});

/** A profiles file: each model's speeds with their sources. */
export const ModelProfilesSchema = z.object({ about: z.string(), models: z.record(ProfileEntrySchema) });
export type ModelProfiles = z.infer<typeof ModelProfilesSchema>["models"];

function readProfilesFile(file: string): ModelProfiles {
  return ModelProfilesSchema.parse(JSON.parse(readFileSync(file, "utf8"))).models;
}

/** The models' published speeds with their sources (bench/sim/model-profiles.json), with a `default` entry for any other model. */
export const MODEL_PROFILES = z
  .record(ProfileEntrySchema)
  .refine((models) => "default" in models, "needs a 'default' entry")
  .parse(readProfilesFile(path.join(__dirname, "model-profiles.json")));

/** The shipped profiles with those of `file` (calibrated or alternative figures) laid over them, model by model. */
export function profilesWith(file: string | undefined): ModelProfiles {
  return file === undefined ? MODEL_PROFILES : { ...MODEL_PROFILES, ...readProfilesFile(file) };
}

/**
 * The profile of `model` (the deployment name as sent; unknown names get the `default` entry) at
 * `reasoningEffort` as sent (absent: no reasoning).
 */
export function latencyProfileOf(model: string, reasoningEffort?: string, profiles: ModelProfiles = MODEL_PROFILES): LatencyProfile {
  const { sources: _sources, reasoningTokens, ...speeds } = profiles[model] ?? profiles.default;
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

/** The z-score of a quantile (0.5–0.99) of a standard normal distribution (Abramowitz and Stegun 26.2.23, within 0.00045). */
function zOf(quantile: number): number {
  const t = Math.sqrt(-2 * Math.log(1 - quantile));
  return t - (2.515517 + 0.802853 * t + 0.010328 * t * t) / (1 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t * t * t);
}

/** The profile's time to first token (reasoning included) at `quantile`: when a hedge set at it is sent. */
export function ttftQuantileMs(profile: LatencyProfile, quantile: number): number {
  const sigma = Math.log(profile.ttftP95OverMedian) / Z95;
  return profile.ttftMedianMs * Math.exp(sigma * zOf(quantile)) + (profile.reasoningTokens / profile.tokensPerSecond) * 1000;
}

/**
 * A hedged call's time to first token: when the first request has not answered by `hedgeAtMs`, a
 * second goes to another deployment of the same model, whose queue is assumed independent (its own
 * draw), and the first to answer wins. Says whether the hedge was sent (its prompt is then paid twice).
 */
export function hedgedTtftMs(first: number, hedgeAtMs: number, second: () => number): { ttftMs: number; hedged: boolean } {
  return first <= hedgeAtMs ? { ttftMs: first, hedged: false } : { ttftMs: Math.min(first, hedgeAtMs + second()), hedged: true };
}

/**
 * When each piece of a reply's text is released (ms from the call's start, on the model's clock) and
 * when the reply ends. Visible tokens are generated from `firstChunk − filterChunkTokens/speed` on;
 * the default filter releases them `filterChunkTokens` at a time, each chunk once its last token is
 * written (the first at the drawn time to first text); the asynchronous filter releases each token as
 * it is written. A reply not streamed arrives whole at the end.
 */
export function replySchedule(
  profile: LatencyProfile,
  outputTokens: number,
  firstChunkMs: number,
  mode: ContentFilterMode,
): { releases: { atMs: number; tokens: number }[]; endMs: number } {
  const msPerToken = 1000 / profile.tokensPerSecond;
  const generationStart = Math.max(0, firstChunkMs - profile.filterChunkTokens * msPerToken);
  const step = mode === "asynchronous" ? 1 : profile.filterChunkTokens;
  const releases: { atMs: number; tokens: number }[] = [];
  for (let written = 0; written < outputTokens; written += step) {
    const tokens = Math.min(step, outputTokens - written);
    releases.push({ atMs: generationStart + (written + tokens) * msPerToken, tokens });
  }
  return { releases, endMs: Math.max(firstChunkMs, generationStart + outputTokens * msPerToken) };
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
