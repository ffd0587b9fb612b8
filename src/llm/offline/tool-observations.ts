import { ToolMessageContentSchema, type ToolMessageContent } from "../../domain";
import type { ChatMessage } from "../../workflow/ports";

export type ToolObservation = Omit<ToolMessageContent, "tool"> & { name: string };

/** A tool message that cannot be read counts as a failed call of the tool it answers, never an exception. */
export function readToolObservations(messages: ChatMessage[]): ToolObservation[] {
  const called = new Map(
    messages.flatMap((message) => (message.role === "assistant" ? (message.toolCalls ?? []) : [])).map((c) => [c.id, c.name]),
  );
  return messages.flatMap((message): ToolObservation[] => {
    if (message.role !== "tool") return [];
    const content = ToolMessageContentSchema.safeParse(parseJson(message.content));
    if (!content.success)
      return [{ name: called.get(message.toolCallId) ?? "unknown", ok: false, digest: "", evidence: [], error: "unreadable tool message" }];
    const { tool, ...observation } = content.data;
    return [{ ...observation, name: tool }];
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
