/**
 * Streamed chat completions read chunk by chunk, by us rather than by the `openai` stream helper: the helper reads `choice.delta.content`
 * on every chunk, and Azure OpenAI sends chunks without a `delta` (its asynchronous content filter's annotations), chunks with no choice at
 * all (the prompt's filter results first, usage last) and filter verdicts in the middle of the text. Every chunk is read through a lenient
 * schema; what it carries is added to the answer, what it lacks is skipped.
 */
import type OpenAI from "openai";
import type { RequestOptions } from "openai/core";
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import { Allow, parse } from "partial-json";
import { z } from "zod";

const ToolCallDeltaSchema = z.object({
  index: z.number().int().nonnegative(),
  id: z.string().nullish(),
  function: z.object({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish(),
});

const ChoiceChunkSchema = z.object({
  index: z.number().int().nonnegative().default(0),
  delta: z
    .object({ content: z.string().nullish(), refusal: z.string().nullish(), tool_calls: z.array(ToolCallDeltaSchema).nullish() })
    .nullish(),
  finish_reason: z.string().nullish(),
  content_filter_results: z.record(z.unknown()).nullish(),
});

const ChunkSchema = z.object({
  id: z.string().nullish(),
  created: z.number().nullish(),
  model: z.string().nullish(),
  choices: z.array(ChoiceChunkSchema).nullish(),
  usage: z.record(z.unknown()).nullish(),
});

const FilteredCategorySchema = z.object({ filtered: z.literal(true) }).passthrough();

/** How a streamed answer arrived: what the simulator's profiles are calibrated from. */
export interface StreamTiming {
  /** From sending the request to the first chunk with text (reasoning included). */
  firstTextMs: number;
  textMs: number;
  /** Chunks that carried text (the default content filter releases text in buffered chunks). */
  textChunks: number;
}

/**
 * Resolves with the whole completion as the non-streaming call would; `onPartialOutput` may get a string field cut mid-word. A filter
 * verdict ends the answer as `content_filter` whatever text came before (the asynchronous filter judges text already sent).
 */
export async function streamChatCompletion(
  client: OpenAI,
  body: ChatCompletionCreateParamsNonStreaming,
  options: RequestOptions,
  onPartialOutput: (partial: unknown) => void,
): Promise<{ completion: ChatCompletion; timing?: StreamTiming }> {
  const sentAt = performance.now();
  const stream = await client.chat.completions.create({ ...body, stream: true, stream_options: { include_usage: true } }, options);
  const answer = new StreamedAnswer();
  const textAt: number[] = [];
  for await (const raw of stream) {
    const chunk = ChunkSchema.safeParse(raw);
    if (!chunk.success) continue;
    if (answer.add(chunk.data)) {
      textAt.push(performance.now());
      const partial = parsePartial(answer.content);
      if (partial !== undefined) onPartialOutput(partial);
    }
  }
  const [first, last] = [textAt.at(0), textAt.at(-1)];
  const timing =
    first === undefined || last === undefined
      ? undefined
      : { firstTextMs: first - sentAt, textMs: last - first, textChunks: textAt.length };
  return { completion: answer.completion(), ...(timing ? { timing } : {}) };
}

type Chunk = z.infer<typeof ChunkSchema>;

class StreamedAnswer {
  content = "";
  private refusal = "";
  private readonly toolCalls: { id: string; name: string; arguments: string }[] = [];
  private finishReason: string | null = null;
  private filterResults: Record<string, unknown> = {};
  private usage: ChatCompletion["usage"];
  private meta = { id: "", created: 0, model: "" };

  add(chunk: Chunk): boolean {
    // Azure's first chunk (the prompt's filter results) has an empty id and model.
    if (chunk.model) this.meta = { id: chunk.id ?? "", created: chunk.created ?? 0, model: chunk.model };
    if (chunk.usage) this.usage = chunk.usage as unknown as ChatCompletion["usage"];
    const choice = chunk.choices?.find((candidate) => candidate.index === 0);
    if (!choice) return false;
    if (choice.content_filter_results) this.noteFilterResults(choice.content_filter_results);
    if (choice.finish_reason && this.finishReason !== "content_filter") this.finishReason = choice.finish_reason;
    const delta = choice.delta;
    if (!delta) return false;
    if (delta.refusal) this.refusal += delta.refusal;
    for (const call of delta.tool_calls ?? []) {
      const known = (this.toolCalls[call.index] ??= { id: "", name: "", arguments: "" });
      known.id ||= call.id ?? "";
      known.name += call.function?.name ?? "";
      known.arguments += call.function?.arguments ?? "";
    }
    if (!delta.content) return false;
    this.content += delta.content;
    return true;
  }

  private noteFilterResults(results: Record<string, unknown>): void {
    this.filterResults = { ...this.filterResults, ...results };
    if (Object.values(results).some((verdict) => FilteredCategorySchema.safeParse(verdict).success)) this.finishReason = "content_filter";
  }

  /** Throws when the stream ended before the answer did (no finish reason came). */
  completion(): ChatCompletion {
    if (this.finishReason === null) throw new Error("the answer's stream ended before the answer did");
    const toolCalls = this.toolCalls.filter(Boolean).map((call) => ({
      id: call.id,
      type: "function" as const,
      function: { name: call.name, arguments: call.arguments },
    }));
    const choice = {
      index: 0,
      message: {
        role: "assistant" as const,
        content: this.content || null,
        refusal: this.refusal || null,
        ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
      },
      logprobs: null,
      finish_reason: this.finishReason as ChatCompletion.Choice["finish_reason"],
      content_filter_results: this.filterResults,
    };
    return { ...this.meta, object: "chat.completion", choices: [choice], ...(this.usage ? { usage: this.usage } : {}) };
  }
}

/** Undefined while nothing usable has arrived. */
function parsePartial(text: string): unknown {
  try {
    return parse(text, Allow.ALL);
  } catch {
    return undefined;
  }
}
