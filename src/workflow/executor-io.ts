import type { ExecutorIo, ModelToolCall } from "../domain";
import type { ChatMessage, ChatModel } from "./ports";

/** Longest message or reply kept; tool data is already cut to 12,000 characters before it reaches a model. */
const MAX_STORED_CHARS = 20_000;

/**
 * A chat model that writes what one executor invocation sent and got back into `io` (kept with the
 * run). `redact` scrubs every stored text; the model itself sees the messages unchanged.
 */
export function recordingModel(model: ChatModel, io: ExecutorIo, redact: (text: string) => string): ChatModel {
  const keep = (text: string) => redact(text.length > MAX_STORED_CHARS ? `${text.slice(0, MAX_STORED_CHARS)} … [cut]` : text);
  return {
    kind: model.kind,
    complete: async (request) => {
      const outcome = await model.complete(request);
      io.messages = request.messages.map((message) => storedMessage(message, keep));
      io.outputs.push(
        keep(
          outcome.kind !== "ok"
            ? `(${outcome.kind}: ${outcome.cause})`
            : outcome.toolCalls.length > 0
              ? JSON.stringify(outcome.toolCalls)
              : outcome.content,
        ),
      );
      return outcome;
    },
  };
}

/** The message as sent, its texts kept (an empty list of tool calls is left out). */
function storedMessage(message: ChatMessage, keep: (text: string) => string): ExecutorIo["messages"][number] {
  const { toolCalls, ...sent } = message as ChatMessage & { toolCalls?: ModelToolCall[] };
  return {
    ...sent,
    content: keep(message.content),
    ...(toolCalls?.length ? { toolCalls: toolCalls.map((call) => ({ ...call, arguments: keep(call.arguments) })) } : {}),
  };
}
