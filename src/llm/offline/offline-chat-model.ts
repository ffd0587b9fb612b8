import type { JpyRates } from "../../domain/amounts";
import { systemClock } from "../../domain/runtime";
import { readAgentInput } from "../../workflow/agent-message";
import type { ChatModel, ChatOutcome, ChatRequest, Clock, ModelToolCall } from "../../workflow/ports";
import { moderateOffline } from "./moderator";
import { rewriteOffline } from "./rewriter";
import { routeOffline } from "./router";
import { specialistTurn } from "./specialist-turn";
import type { QuestionVocabulary } from "../../tools/question/vocabulary";

/** The model name the offline engine reports in outcomes and transcripts. */
export const OFFLINE_MODEL_NAME = "offline";

/** Options of the offline engine. */
export interface OfflineChatModelOptions {
  vocabulary: QuestionVocabulary;
  /** "Last year" and notice deadlines are relative to this clock; defaults to the system clock. */
  clock?: Clock;
  /** Rates to JPY for amounts read from questions; the corporate defaults when unset. */
  jpyRates?: JpyRates;
}

/**
 * The embedded default ChatModel: no language model, deterministic. It receives what a real model receives and answers the rewriter, the
 * Router, the specialists (tool calls, then a Finding) and the Moderator from the agent's input, read from the JSON section of the
 * conversation's first user message; a conversation without one gets an `error` outcome. Replies are checked against the request's output
 * schema, so a bug surfaces as an error, never invalid JSON.
 */
export function createOfflineChatModel(options: OfflineChatModelOptions): ChatModel {
  const clock = options.clock ?? systemClock;
  return {
    kind: "offline",
    async complete(request: ChatRequest): Promise<ChatOutcome> {
      const started = performance.now();
      const finish = (reply: { content: string; toolCalls: ModelToolCall[] } | { error: string }): ChatOutcome => {
        const common = {
          usage: { inputTokens: 0, outputTokens: 0 },
          durationMs: Math.round(performance.now() - started),
          attempts: 1,
          model: OFFLINE_MODEL_NAME,
        };
        return "error" in reply ? { kind: "error", cause: reply.error, ...common } : { kind: "ok", ...reply, ...common };
      };
      const input = readAgentInput(request.messages);
      await options.vocabulary.contractIds.ready();
      if (!input) return finish({ error: `the offline engine has no language model for agent ${request.agentId}` });
      let content: string;
      if (input.agent === "specialist") {
        const reply = specialistTurn(input, request.messages, request.tools, options.vocabulary, clock.now(), options.jpyRates);
        if ("toolCalls" in reply) return finish({ content: "", toolCalls: reply.toolCalls });
        content = reply.content;
      } else {
        const reply =
          input.agent === "rewriter"
            ? rewriteOffline(input, options.vocabulary, clock.now())
            : input.agent === "router"
              ? routeOffline(input, options.vocabulary)
              : moderateOffline(input);
        content = JSON.stringify(reply);
      }
      const problem = request.output?.schema.safeParse(JSON.parse(content));
      if (request.output && problem && !problem.success)
        return finish({
          error: `the offline engine's ${input.agent} reply does not match '${request.output.name}': ${problem.error.issues[0]?.message ?? "invalid"}`,
        });
      return finish({ content, toolCalls: [] });
    },
  };
}
