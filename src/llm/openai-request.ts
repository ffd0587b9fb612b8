// Our ChatRequest in the Chat Completions wire shape, and the reply back in ours.
import type {
  ChatCompletion,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import type { CompletionUsage } from "openai/resources/completions";
import type { ChatMessage, ChatRequest, ModelToolCall, TokenUsage, ToolSpec } from "../workflow/ports";
import { rulesOfModel, type ModelFamily, type ReasoningEffort } from "../domain";
import { dropNullOptionals, strictJsonSchema } from "./strict-json-schema";

/**
 * The family's rules are the request's, else the known model's, else recognised from the deployment's name. A name that says nothing is
 * `gpt-4` on Azure (whose deployments all take `max_completion_tokens`) and `compatible` elsewhere (local servers read `max_tokens`); set
 * the role's *_BASE_MODEL or *_MODEL_FAMILY.
 */
export function toChatCompletionParams(
  request: ChatRequest,
  provider: "azure-openai" | "openai-compatible",
  knownModel?: string,
): ChatCompletionCreateParamsNonStreaming {
  const family =
    request.family ?? rulesOfModel(knownModel ?? request.model)?.family ?? (provider === "azure-openai" ? "gpt-4" : "compatible");
  return {
    model: request.model,
    messages: request.messages.map(toMessageParam),
    // The SDK's types predate `none`, `minimal` and `xhigh`; the service takes them.
    ...(samplingFields(family, { ...request, knownModel }) as Pick<
      ChatCompletionCreateParamsNonStreaming,
      "temperature" | "max_tokens" | "max_completion_tokens"
    >),
    ...(request.output && {
      response_format: {
        type: "json_schema",
        json_schema: { name: request.output.name, strict: true, schema: strictJsonSchema(request.output.schema, request.output.name) },
      },
    }),
    ...(request.tools?.length && { tools: request.tools.map(toTool) }),
  };
}

/** "" for a refusal or no text; strict mode's `null`s for absent fields removed again. Invalid JSON is left for the caller to judge. */
export function fromChatCompletion(completion: ChatCompletion, request: ChatRequest): { content: string; toolCalls: ModelToolCall[] } {
  const message = completion.choices[0]?.message;
  const content = message?.content ?? "";
  const toolCalls = (message?.tool_calls ?? [])
    .filter((call) => call.type === "function")
    .map((call) => {
      const spec = request.tools?.find((tool) => tool.name === call.function.name);
      return {
        id: call.id,
        name: call.function.name,
        arguments: spec ? restoreOptionals(call.function.arguments, spec.parameters) : call.function.arguments,
      };
    });
  return { content: request.output && content ? restoreOptionals(content, request.output.schema) : content, toolCalls };
}

/*
 * Azure OpenAI and OpenAI refuse `max_tokens` and any `temperature` but 1 on reasoning models with a 400. The effort sent depends only on
 * the model known to be behind the deployment, never on the deployment's name: `lowest` is the least the known model takes; while the
 * model is unknown it is left to the service's default (none from GPT-5.1 on).
 */
export function samplingFields(
  family: ModelFamily,
  request: { knownModel?: string; temperature: number; maxTokens: number; reasoningEffort?: ReasoningEffort },
): { temperature?: number; max_tokens?: number; max_completion_tokens?: number; reasoning_effort?: string } {
  switch (family) {
    case "reasoning": {
      const { reasoningEffort: wanted, knownModel } = request;
      const effort = wanted === "lowest" ? knownModel && rulesOfModel(knownModel)?.efforts[0] : wanted;
      return { max_completion_tokens: request.maxTokens, ...(effort ? { reasoning_effort: effort } : {}) };
    }
    case "gpt-4":
      return { temperature: request.temperature, max_completion_tokens: request.maxTokens };
    case "compatible":
      return { temperature: request.temperature, max_tokens: request.maxTokens };
  }
}

function toMessageParam(message: ChatMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case "system":
    case "user":
      return { role: message.role, content: message.content };
    case "assistant":
      if (!message.toolCalls?.length) return { role: "assistant", content: message.content };
      return {
        role: "assistant",
        content: message.content || null,
        tool_calls: message.toolCalls.map((call) => ({
          id: call.id,
          type: "function",
          function: { name: call.name, arguments: call.arguments },
        })),
      };
    case "tool":
      return { role: "tool", content: message.content, tool_call_id: message.toolCallId };
  }
}

function toTool(tool: ToolSpec): ChatCompletionTool {
  return {
    type: "function",
    function: { name: tool.name, description: tool.description, parameters: strictJsonSchema(tool.parameters, tool.name), strict: true },
  };
}

function restoreOptionals(json: string, schema: ToolSpec["parameters"]): string {
  try {
    return JSON.stringify(dropNullOptionals(schema, JSON.parse(json)));
  } catch {
    return json;
  }
}

// Cached prompt tokens and reasoning tokens are kept only when the server reports them.
export function tokenUsage(usage: CompletionUsage | undefined): TokenUsage {
  const cached = usage?.prompt_tokens_details?.cached_tokens;
  const reasoning = usage?.completion_tokens_details?.reasoning_tokens;
  return {
    inputTokens: usage?.prompt_tokens ?? 0,
    outputTokens: usage?.completion_tokens ?? 0,
    ...(typeof cached === "number" ? { cachedInputTokens: cached } : {}),
    ...(typeof reasoning === "number" ? { reasoningTokens: reasoning } : {}),
  };
}
