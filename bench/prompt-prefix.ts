/**
 * How much of each agent's prompt the provider's prompt cache can reuse: for every call, the longest
 * token prefix it shares with the calls of the same agent in the latest earlier run that called it
 * (the "consecutive run" for that agent), and — what a tool loop or a repair adds — with the earlier
 * calls of the same run. Providers cache a prefix only from 1,024 tokens, in steps of 128 (OpenAI
 * and Azure OpenAI), so a shared prefix below that saves nothing.
 */

/** The prompt cache's minimum prefix and its granularity, in tokens. */
export const CACHE_MIN_TOKENS = 1024;
export const CACHE_STEP_TOKENS = 128;

/** One recorded model call: the agent and its prompt as tokens. */
export interface PromptCall {
  agentId: string;
  tokens: readonly number[];
}

/** One agent's figures over every run after the first. */
export interface PrefixFigures {
  agentId: string;
  calls: number;
  /** Mean prompt tokens per call. */
  promptTokens: number;
  /** Mean tokens per call shared with the previous run's calls of the same agent. */
  sharedTokens: number;
  /** Shared tokens ÷ prompt tokens, over all calls (0–1). */
  sharedShare: number;
  /** Calls whose shared prefix reaches the cache minimum. */
  callsReachingMinimum: number;
  /** Tokens the cache would serve from the previous run (whole 128-token steps of a prefix ≥ 1,024) ÷ prompt tokens (0–1). */
  cachedShare: number;
  /** The same, counting the earlier calls of the same run too (tool loop, repair, later rounds). */
  cachedShareWithinRun: number;
}

/** Tokens a prompt cache would serve for a shared prefix of `shared` tokens. */
export function cacheableTokens(shared: number): number {
  return shared < CACHE_MIN_TOKENS ? 0 : Math.floor(shared / CACHE_STEP_TOKENS) * CACHE_STEP_TOKENS;
}

/** Length of the common prefix of two token sequences. */
export function commonPrefixLength(a: readonly number[], b: readonly number[]): number {
  const limit = Math.min(a.length, b.length);
  let i = 0;
  while (i < limit && a[i] === b[i]) i++;
  return i;
}

/** Per agent (in first-seen order), the prefix each run's calls share with that agent's previous run. */
export function prefixFigures(runs: readonly (readonly PromptCall[])[]): PrefixFigures[] {
  const totals = new Map<
    string,
    { calls: number; prompt: number; shared: number; reaching: number; cached: number; cachedWithin: number }
  >();
  const lastRunOf = new Map<string, readonly PromptCall[]>();
  const longestShared = (call: PromptCall, others: readonly PromptCall[]) =>
    Math.max(0, ...others.filter((other) => other.agentId === call.agentId).map((other) => commonPrefixLength(other.tokens, call.tokens)));
  for (const run of runs) {
    run.forEach((call, index) => {
      const previous = lastRunOf.get(call.agentId);
      if (!totals.has(call.agentId)) totals.set(call.agentId, { calls: 0, prompt: 0, shared: 0, reaching: 0, cached: 0, cachedWithin: 0 });
      if (previous === undefined) return;
      const entry = totals.get(call.agentId)!;
      const shared = longestShared(call, previous);
      entry.calls++;
      entry.prompt += call.tokens.length;
      entry.shared += shared;
      entry.cached += cacheableTokens(shared);
      entry.cachedWithin += cacheableTokens(Math.max(shared, longestShared(call, run.slice(0, index))));
      if (shared >= CACHE_MIN_TOKENS) entry.reaching++;
    });
    for (const call of run) lastRunOf.set(call.agentId, run);
  }
  return [...totals].flatMap(([agentId, t]) =>
    t.calls === 0
      ? []
      : [
          {
            agentId,
            calls: t.calls,
            promptTokens: t.prompt / t.calls,
            sharedTokens: t.shared / t.calls,
            sharedShare: t.prompt === 0 ? 0 : t.shared / t.prompt,
            callsReachingMinimum: t.reaching,
            cachedShare: t.prompt === 0 ? 0 : t.cached / t.prompt,
            cachedShareWithinRun: t.prompt === 0 ? 0 : t.cachedWithin / t.prompt,
          },
        ],
  );
}

/** The table the bench prints. */
export function formatPrefixTable(figures: readonly PrefixFigures[]): string {
  const header = ["agent", "calls", "prompt tok", "shared prefix tok", "shared %", "≥ 1,024", "cacheable %", "cacheable incl. same run %"];
  const rows = figures.map((f) => [
    f.agentId,
    String(f.calls),
    f.promptTokens.toFixed(0),
    f.sharedTokens.toFixed(0),
    `${(100 * f.sharedShare).toFixed(1)} %`,
    `${f.callsReachingMinimum === f.calls ? "yes" : f.callsReachingMinimum === 0 ? "no" : "partly"} (${f.callsReachingMinimum}/${f.calls})`,
    `${(100 * f.cachedShare).toFixed(1)} %`,
    `${(100 * f.cachedShareWithinRun).toFixed(1)} %`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}
