import type OpenAI from "openai";
import type { RequestOptions } from "openai/core";
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import { Allow, parse } from "partial-json";

/**
 * Sends a chat completion as a stream and resolves with the whole completion, exactly as the
 * non-streaming call would, while `onPartialOutput` receives the structured answer parsed as far as
 * it has arrived (a string field may be cut mid-word). Usage is asked for, so token counts survive.
 */
export async function streamChatCompletion(
  client: OpenAI,
  body: ChatCompletionCreateParamsNonStreaming,
  options: RequestOptions,
  onPartialOutput: (partial: unknown) => void,
): Promise<ChatCompletion> {
  const stream = client.beta.chat.completions.stream({ ...body, stream: true, stream_options: { include_usage: true } }, options);
  stream.on("content.delta", ({ snapshot }) => {
    const partial = parsePartial(snapshot);
    if (partial !== undefined) onPartialOutput(partial);
  });
  return stream.finalChatCompletion();
}

/** JSON text cut anywhere, parsed as far as it goes; undefined while nothing usable has arrived. */
function parsePartial(text: string): unknown {
  try {
    return parse(text, Allow.ALL);
  } catch {
    return undefined;
  }
}
