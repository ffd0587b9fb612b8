import { ToolMessageContentSchema, type ToolMessageContent } from "../../domain";
import type { ChatMessage } from "../../workflow/ports";

/** A tool message that cannot be read counts as a failed call of the tool it answers, never an exception. */
export function readToolObservations(messages: ChatMessage[]): ToolMessageContent[] {
  const called = new Map(
    messages.flatMap((message) => (message.role === "assistant" ? (message.toolCalls ?? []) : [])).map((c) => [c.id, c.name]),
  );
  return messages.flatMap((message): ToolMessageContent[] => {
    if (message.role !== "tool") return [];
    const content = ToolMessageContentSchema.safeParse(parseJson(message.content));
    if (content.success) return [content.data];
    return [{ tool: called.get(message.toolCallId) ?? "unknown", ok: false, digest: "", evidence: [], error: "unreadable tool message" }];
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
