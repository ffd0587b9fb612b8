import { z } from "zod";
import { ToolMessageContentSchema, type ToolMessageContent } from "../../domain";
import type { ChatMessage } from "../../workflow/ports";

export type ToolObservation = Omit<ToolMessageContent, "tool"> & { name: string; args: Record<string, unknown> };

const ArgumentsSchema = z.record(z.unknown()).catch({});

/** A tool message that cannot be read counts as a failed call, never an exception. */
export function readToolObservations(messages: ChatMessage[]): ToolObservation[] {
  const calls = new Map<string, { name: string; args: Record<string, unknown> }>();
  return messages.flatMap((message): ToolObservation[] => {
    if (message.role === "assistant")
      for (const call of message.toolCalls ?? [])
        calls.set(call.id, { name: call.name, args: ArgumentsSchema.parse(parseJson(call.arguments)) });
    if (message.role !== "tool") return [];
    const call = calls.get(message.toolCallId) ?? { name: "unknown", args: {} };
    const content = ToolMessageContentSchema.safeParse(parseJson(message.content));
    if (content.success) return [{ ...content.data, ...call }];
    return [{ ...call, ok: false, digest: "", evidence: [], data: undefined, error: "unreadable tool message" }];
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
