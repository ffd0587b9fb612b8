import type { JpyRates } from "../../domain/amounts";
import type { SpecialistInput } from "../../domain";
import { systemClock } from "../../domain/runtime";
import { readAgentInput } from "../../workflow/agent-message";
import type { ChatModel, ChatOutcome, ChatRequest, Clock } from "../../workflow/ports";
import { extractQuestionEntities } from "../../tools/question/question-entities";
import { planToolCalls } from "../../tools/evidence-plan";
import type { QuestionVocabulary } from "../../tools/question/vocabulary";
import { amendFinding, writeFinding } from "./finding-writer";
import { moderateOffline } from "./moderator";
import { rewriteOffline } from "./rewriter";
import { routeOffline } from "./router";
import { readToolObservations } from "./tool-observations";

interface OfflineChatModelOptions {
  vocabulary: QuestionVocabulary;
  /** "Last year" and notice deadlines are relative to this clock. */
  clock?: Clock;
  /** Rates to JPY for amounts read from questions; the corporate defaults when unset. */
  jpyRates?: JpyRates;
}

/**
 * Deterministic, without a language model: answers every agent from the JSON section of the conversation's first user message. Its
 * replies are checked against the output schema where every model's are, by the workflow.
 */
export function createOfflineChatModel(options: OfflineChatModelOptions): ChatModel {
  const clock = options.clock ?? systemClock;
  return {
    kind: "offline",
    async complete(request: ChatRequest): Promise<ChatOutcome> {
      const started = performance.now();
      const common = () => ({
        usage: { inputTokens: 0, outputTokens: 0 },
        durationMs: Math.round(performance.now() - started),
        attempts: 1,
        model: "offline",
      });
      const input = readAgentInput(request.messages);
      await options.vocabulary.contractIds.ready();
      if (!input) return { kind: "error", cause: `the offline engine has no language model for agent ${request.agentId}`, ...common() };
      const reply =
        input.agent === "specialist"
          ? specialistTurn(input, request, options.vocabulary, clock.now(), options.jpyRates)
          : input.agent === "rewriter"
            ? rewriteOffline(input, options.vocabulary, clock.now())
            : input.agent === "router"
              ? routeOffline(input, options.vocabulary)
              : moderateOffline(input);
      if ("toolCalls" in reply) return { kind: "ok", content: "", toolCalls: reply.toolCalls, ...common() };
      return { kind: "ok", content: JSON.stringify(reply), toolCalls: [], ...common() };
    },
  };
}

/** Debate round: amend the earlier finding. Otherwise call the tools that fit while none has answered yet, then write the Finding. */
function specialistTurn(input: SpecialistInput, request: ChatRequest, vocabulary: QuestionVocabulary, today: Date, jpyRates?: JpyRates) {
  const entities = extractQuestionEntities(input.question, vocabulary, today, jpyRates);
  if (input.round === "debate" && input.previous?.status === "ok") return amendFinding(input, input.previous);
  const { tools = [], messages } = request;
  if (tools.length > 0 && !messages.some((message) => message.role === "tool")) {
    const avoid = input.round === "requery" ? (input.previous?.toolCalls ?? []).map((c) => ({ name: c.name, args: c.arguments })) : [];
    const plan = planToolCalls(input, tools, entities, {
      broaden: input.round === "requery",
      avoid,
      fiscalYearStartMonth: vocabulary.fiscalYearStartMonth,
    });
    if (plan.length > 0)
      return {
        toolCalls: plan.map((call, index) => ({
          id: `offline-${index + 1}-${call.name}`,
          name: call.name,
          arguments: JSON.stringify(call.args),
        })),
      };
  }
  return writeFinding(input, readToolObservations(messages), entities);
}
