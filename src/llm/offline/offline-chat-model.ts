import type { JpyRates } from "../../domain/amounts";
import { systemClock } from "../../domain/runtime";
import { readAgentInput } from "../../workflow/agent-message";
import type { ChatModel, ChatOutcome, ChatRequest, Clock, ModelToolCall } from "../../workflow/ports";
import { moderateOffline } from "./moderator";
import { rewriteOffline } from "./rewriter";
import { routeOffline } from "./router";
import { specialistTurn } from "./specialist-turn";
import type { QuestionVocabulary } from "../../tools/question/vocabulary";

const OFFLINE_MODEL_NAME = "offline";

interface OfflineChatModelOptions {
  vocabulary: QuestionVocabulary;
  /** "Last year" and notice deadlines are relative to this clock. */
  clock?: Clock;
  /** Rates to JPY for amounts read from questions; the corporate defaults when unset. */
  jpyRates?: JpyRates;
}

/**
 * Deterministic, without a language model: answers every agent from the JSON section of the conversation's first user message. Replies
 * are checked against the request's output schema, so a bug surfaces as an error, never invalid JSON.
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
