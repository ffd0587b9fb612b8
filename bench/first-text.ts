/**
 * Where the first streamed answer text sits on a run's critical path: the Moderator call that was
 * streaming when the answer preview first received a conclusion, and the chunk of its reply that
 * completed that text (bench/critical-path.ts places the chunk's write on the path).
 */
import type { CriticalPath, TimedCall } from "./critical-path";

/** The conclusion the answer preview first received, and when (the simulator's clock: one process). */
export interface FirstShown {
  at: number;
  text: string;
}

/** The path's model time (ms, at the simulator's time scale) at which the first shown conclusion had been generated. */
export function firstTextOnPath<T extends TimedCall & { content?: string }>(
  calls: readonly T[],
  path: CriticalPath<T>,
  shown: FirstShown,
): number | undefined {
  const streaming = streamingModerator(calls, shown);
  const end = streaming?.content === undefined ? undefined : fieldTextEndOffset(streaming.content, "conclusion", shown.text);
  return streaming === undefined || end === undefined ? undefined : path.writtenTo(streaming, end);
}

/** The Moderator call the shown text came from: the latest started before it arrived (calls are logged in arrival order). */
export function streamingModerator<T extends TimedCall & { content?: string }>(calls: readonly T[], shown: FirstShown): T | undefined {
  return calls.filter((c) => c.agentId === "moderator" && c.content !== undefined && c.startedAt <= shown.at).at(-1);
}

/**
 * Where, in a structured reply's JSON text, a string field's text shown so far ends: the offset the
 * stream had to reach before a partial-JSON reader could hand that much of the field on. The text is
 * measured as JSON writes it (escapes included), the way the simulator serialises its replies.
 */
export function fieldTextEndOffset(content: string, field: string, shown: string): number | undefined {
  const key = new RegExp(`"${field}"\\s*:\\s*"`).exec(content);
  if (!key) return undefined;
  // JSON.stringify adds the two quotes; what is left is the text as written inside the string.
  return key.index + key[0].length + JSON.stringify(shown).length - 2;
}
