/**
 * Valid replies for the simulated model: a Chat Completions request body is turned back into our
 * ChatRequest — the messages as sent, the tools from the registry by name — and answered by the
 * offline engine, which reads the agent's input from the rendered user message as any model would. So every agent gets the structured reply a
 * good model would give (routing, tool calls, findings, an integrated answer) with no scripting.
 */
import { createOfflineChatModel } from "../../src/llm/offline";
import { buildQuestionVocabulary } from "../../src/tools/question/vocabulary";
import type { ProcurementData } from "../../src/tools/procurement-data";
import { createToolRegistry } from "../../src/tools";
import type { ChatMessage, ChatModel, ModelToolCall, ToolRegistry, ToolSpec } from "../../src/workflow/ports";
import { readAgentFields } from "../../src/workflow/agent-message";
import type { ChatCompletionBody } from "../../test/fakes/scripted-model-server";

/** What the model answers: text (JSON for structured output) and function calls, or why it cannot. */
export type OfflineReply = { kind: "ok"; content: string; toolCalls: ModelToolCall[] } | { kind: "error"; cause: string };

/** Answers wire requests with the offline engine over `data`. */
export class OfflineReplies {
  private constructor(
    private readonly model: ChatModel,
    private readonly tools: ToolRegistry,
  ) {}

  /** Builds the engine's vocabulary from the data (suppliers, categories). */
  static async create(data: ProcurementData): Promise<OfflineReplies> {
    return new OfflineReplies(
      createOfflineChatModel({ vocabulary: await buildQuestionVocabulary(data) }),
      createToolRegistry(data, { fiscalYearStartMonth: (await data.describe()).fiscalYearStartMonth }),
    );
  }

  /** The reply to one request body from agent `agentId`. */
  async reply(agentId: string, body: ChatCompletionBody): Promise<OfflineReply> {
    const tools: ToolSpec[] | undefined = body.tools?.flatMap((tool) => {
      const known = this.tools.get(tool.function.name);
      return known ? [{ name: known.name, description: known.description, parameters: known.parameters }] : [];
    });
    const outcome = await this.model.complete({
      agentId,
      model: body.model,
      messages: body.messages.map(toChatMessage),
      temperature: body.temperature ?? 0,
      maxTokens: body.max_completion_tokens ?? body.max_tokens ?? 1024,
      timeoutMs: 60_000,
      tools: tools?.length ? tools : undefined,
    });
    return outcome.kind === "ok"
      ? { kind: "ok", content: outcome.content, toolCalls: outcome.toolCalls }
      : { kind: "error", cause: outcome.cause };
  }
}

/** The input fields the first user message was rendered from (`renderAgentMessages`), if it is one. */
export function agentInputOf(body: ChatCompletionBody): Record<string, unknown> | undefined {
  const first = body.messages.find((message) => message.role === "user");
  return first && typeof first.content === "string" ? readAgentFields(first.content) : undefined;
}

function toChatMessage(message: ChatCompletionBody["messages"][number]): ChatMessage {
  switch (message.role) {
    case "system":
    case "developer":
      return { role: "system", content: message.content };
    case "user":
      return { role: "user", content: typeof message.content === "string" ? message.content : JSON.stringify(message.content) };
    case "assistant":
      return {
        role: "assistant",
        content: message.content ?? "",
        toolCalls: message.tool_calls?.map((call) => ({ id: call.id, name: call.function.name, arguments: call.function.arguments })),
      };
    case "tool":
      return { role: "tool", content: message.content, toolCallId: message.tool_call_id };
  }
}
