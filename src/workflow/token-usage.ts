import type { ExecutorOutcome } from "../domain";
import type { FailedCall, TokenUsage } from "./ports";

/** Adds one call's usage to a running total (cached and reasoning tokens only once a provider has reported them). */
export function addUsage(total: TokenUsage, usage: TokenUsage): void {
  total.inputTokens += usage.inputTokens;
  total.outputTokens += usage.outputTokens;
  if (usage.cachedInputTokens !== undefined) total.cachedInputTokens = (total.cachedInputTokens ?? 0) + usage.cachedInputTokens;
  if (usage.reasoningTokens !== undefined) total.reasoningTokens = (total.reasoningTokens ?? 0) + usage.reasoningTokens;
}

/** A call that was never sent (the run was blocked, or its time was up): it fails for `cause` and costs nothing. */
export function unsentCall<K extends ExecutorOutcome>(kind: K, cause: string, model: string): FailedCall<K> {
  return { kind, cause, usage: { inputTokens: 0, outputTokens: 0 }, durationMs: 0, attempts: 0, model };
}
