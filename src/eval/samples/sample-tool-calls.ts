import { isDeepStrictEqual } from "node:util";
import type { Sample, SampleToolCall } from "../../domain";

interface SampleToolCalls {
  calls: SampleToolCall[];
  source: "toolCalls" | "messages" | "none";
  warning?: string;
}

/** Top-level `toolCalls` (ours) or inside the AI messages (ragas); with both, the top-level list is used and a disagreement reported. */
export function sampleToolCalls(
  sample: Pick<Sample, "toolCalls"> & Partial<Pick<Sample, "userInputMessages" | "upFrontToolCalls">>,
): SampleToolCalls {
  // A run's own transcript lists each distinct call once, the agents' own apart from those fetched up front; its messages repeat every call
  // as each specialist was given it.
  if (sample.upFrontToolCalls !== undefined) return { calls: sample.toolCalls ?? [], source: "toolCalls" };
  const inMessages = (sample.userInputMessages ?? [])
    .filter((message) => message.type === "ai")
    .flatMap((message) => message.toolCalls ?? []);
  const topLevel = sample.toolCalls;
  if (topLevel === undefined || (topLevel.length === 0 && inMessages.length > 0))
    return inMessages.length > 0
      ? { calls: inMessages, source: "messages" }
      : { calls: topLevel ?? [], source: topLevel ? "toolCalls" : "none" };
  if (inMessages.length === 0 || sameMultiset(topLevel, inMessages)) return { calls: topLevel, source: "toolCalls" };
  return {
    calls: topLevel,
    source: "toolCalls",
    warning: `toolCalls (${topLevel.length}: ${names(topLevel)}) and the tool calls inside AI messages (${inMessages.length}: ${names(inMessages)}) disagree; scored toolCalls`,
  };
}

function names(calls: SampleToolCall[]): string {
  return calls.map((call) => call.name).join(", ");
}

function sameMultiset(left: SampleToolCall[], right: SampleToolCall[]): boolean {
  if (left.length !== right.length) return false;
  const unused = [...right];
  return left.every((call) => {
    const index = unused.findIndex((other) => sameCall(other, call));
    return index !== -1 && unused.splice(index, 1).length === 1;
  });
}

export function sameCall(left: SampleToolCall, right: SampleToolCall): boolean {
  return left.name === right.name && jsonEqual(left.arguments, right.arguments);
}

/** Key order ignored, array order significant, no coercion; keys whose value is `undefined` are absent, as after serialisation. */
export function jsonEqual(left: unknown, right: unknown): boolean {
  return isDeepStrictEqual(serialised(left), serialised(right));
}

function serialised(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}
