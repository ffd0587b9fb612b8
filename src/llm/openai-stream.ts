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
import type { DeploymentTiming } from "../domain";
import { filteredCategories } from "./content-filter";
import { tokenUsage } from "./openai-request";

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
  model: z.string().nullish(),
  choices: z.array(ChoiceChunkSchema).nullish(),
  usage: z.record(z.unknown()).nullish(),
});

/**
 * Resolves with the whole completion as the non-streaming call would; `onPartialOutput` may get a string field cut mid-word. A filter
 * verdict ends the answer as `content_filter` whatever text came before (the asynchronous filter judges text already sent).
 */
export async function streamChatCompletion(
  client: OpenAI,
  body: ChatCompletionCreateParamsNonStreaming,
  options: RequestOptions,
  onPartialOutput: (partial: unknown) => void,
): Promise<{ completion: ChatCompletion; timing?: DeploymentTiming }> {
  const sentAt = performance.now();
  const stream = await client.chat.completions.create({ ...body, stream: true, stream_options: { include_usage: true } }, options);
  let content = "";
  let refusal = "";
  let finishReason: string | null = null;
  let usage: ChatCompletion["usage"];
  let model = "";
  let filterResults: Record<string, unknown> = {};
  const toolCalls: { id: string; type: "function"; function: { name: string; arguments: string } }[] = [];
  const textAt: number[] = [];
  for await (const raw of stream) {
    const chunk = ChunkSchema.safeParse(raw).data;
    // Azure's first chunk (the prompt's filter results) has an empty model.
    if (chunk?.model) model = chunk.model;
    if (chunk?.usage) usage = chunk.usage as unknown as ChatCompletion["usage"];
    const choice = chunk?.choices?.find((candidate) => candidate.index === 0);
    if (!choice) continue;
    if (choice.content_filter_results) {
      filterResults = { ...filterResults, ...choice.content_filter_results };
      if (filteredCategories(choice.content_filter_results).length > 0) finishReason = "content_filter";
    }
    if (choice.finish_reason && finishReason !== "content_filter") finishReason = choice.finish_reason;
    refusal += choice.delta?.refusal ?? "";
    for (const call of choice.delta?.tool_calls ?? []) {
      const known = (toolCalls[call.index] ??= { id: "", type: "function", function: { name: "", arguments: "" } });
      known.id ||= call.id ?? "";
      known.function.name += call.function?.name ?? "";
      known.function.arguments += call.function?.arguments ?? "";
    }
    if (!choice.delta?.content) continue;
    content += choice.delta.content;
    textAt.push(performance.now());
    const partial = parsePartial(content);
    if (partial !== undefined) onPartialOutput(partial);
  }
  if (finishReason === null) throw new Error("the answer's stream ended before the answer did");
  // A sparse index leaves holes.
  const calls = toolCalls.filter(Boolean);
  const message = {
    role: "assistant" as const,
    content: content || null,
    refusal: refusal || null,
    ...(calls.length > 0 ? { tool_calls: calls } : {}),
  };
  const choice = {
    index: 0,
    message,
    logprobs: null,
    finish_reason: finishReason as ChatCompletion.Choice["finish_reason"],
    content_filter_results: filterResults,
  };
  const completion = { id: "", created: 0, model, object: "chat.completion" as const, choices: [choice], ...(usage ? { usage } : {}) };
  const [first, last] = [textAt.at(0), textAt.at(-1)];
  if (first === undefined || last === undefined) return { completion };
  // In the terms the simulator's profiles are calibrated from: the first text counts from sending (reasoning included), the speed over
  // visible tokens only, and the chunks that carried text (the default content filter releases text in buffered chunks).
  const { outputTokens: allTokens, reasoningTokens = 0 } = tokenUsage(usage);
  const outputTokens = Math.max(0, allTokens - reasoningTokens);
  const textMs = last - first;
  const speed = textAt.length > 1 && textMs > 0 ? { tokensPerSecond: outputTokens / (textMs / 1000) } : {};
  const timing = {
    model,
    reasoningEffort: typeof body.reasoning_effort === "string" ? body.reasoning_effort : "",
    firstTextMs: first - sentAt,
    ...speed,
    chunkTokens: outputTokens / textAt.length,
    outputTokens,
    reasoningTokens,
  };
  return { completion, timing };
}

/** Undefined while nothing usable has arrived. */
function parsePartial(text: string): unknown {
  try {
    return parse(text, Allow.ALL);
  } catch {
    return undefined;
  }
}
