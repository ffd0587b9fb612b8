import { ToolMessageContentSchema, type EntityResolution, type ShownEvidenceItem, type ToolMessageContent } from "../../domain";
import type { ChatMessage } from "../../workflow/ports";

export interface ToolObservation {
  name: string;
  args: Record<string, unknown>;
  ok: boolean;
  digest: string;
  /** Each record beside the handle the conversation showed it with. */
  evidence: ShownEvidenceItem[];
  data: unknown;
  error?: string;
  resolution?: EntityResolution;
}

/** A tool message that cannot be read counts as a failed call, never an exception. */
export function readToolObservations(messages: ChatMessage[]): ToolObservation[] {
  const calls = new Map<string, { name: string; args: Record<string, unknown> }>();
  const observations: ToolObservation[] = [];
  for (const message of messages) {
    if (message.role === "assistant")
      for (const call of message.toolCalls ?? []) calls.set(call.id, { name: call.name, args: parseArgs(call.arguments) });
    if (message.role !== "tool") continue;
    const call = calls.get(message.toolCallId) ?? { name: "unknown", args: {} };
    const content = parseContent(message.content);
    observations.push(
      content
        ? {
            name: call.name,
            args: call.args,
            ok: content.ok,
            digest: content.digest,
            evidence: content.evidence,
            data: content.data,
            error: content.error,
            resolution: content.resolution,
          }
        : { name: call.name, args: call.args, ok: false, digest: "", evidence: [], data: undefined, error: "unreadable tool message" },
    );
  }
  return observations;
}

/** The engine then answers instead of calling again. */
export function hasToolResults(messages: ChatMessage[]): boolean {
  return messages.some((message) => message.role === "tool");
}

function parseContent(text: string): ToolMessageContent | undefined {
  try {
    const parsed = ToolMessageContentSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function parseArgs(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
