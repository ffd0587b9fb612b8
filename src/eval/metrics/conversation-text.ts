import type { SampleMessage } from "../../domain";

/** Renders an agent-metrics sample's conversation as numbered lines for an evaluation prompt. */
export function conversationText(messages: SampleMessage[]): string {
  return messages
    .map((message, index) => {
      const calls = (message.toolCalls ?? []).map((call) => `${call.name}(${JSON.stringify(call.arguments)})`);
      const suffix = calls.length > 0 ? ` [tool calls: ${calls.join(", ")}]` : "";
      return `${index + 1}. ${message.type.toUpperCase()}: ${message.content}${suffix}`;
    })
    .join("\n");
}
