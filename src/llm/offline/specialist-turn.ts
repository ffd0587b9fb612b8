import type { JpyRates } from "../../domain/amounts";
import type { SpecialistInput } from "../../domain";
import type { ChatMessage, ModelToolCall, ToolSpec } from "../../workflow/ports";
import { amendFinding, writeFinding } from "./finding-writer";
import { extractQuestionEntities } from "../../tools/question/question-entities";
import { planToolCalls } from "../../tools/evidence-plan";
import { hasToolResults, readToolObservations } from "./tool-observations";
import type { QuestionVocabulary } from "../../tools/question/vocabulary";

/** Debate round: amend the earlier finding. Otherwise call the tools that fit while none has answered yet, then write the Finding. */
export function specialistTurn(
  input: SpecialistInput,
  messages: ChatMessage[],
  tools: ToolSpec[] | undefined,
  vocabulary: QuestionVocabulary,
  today: Date,
  jpyRates?: JpyRates,
): { toolCalls: ModelToolCall[] } | { content: string } {
  const entities = extractQuestionEntities(input.question, vocabulary, today, jpyRates);
  if (input.round === "debate" && input.previous?.status === "ok") return { content: JSON.stringify(amendFinding(input, input.previous)) };
  if (tools && tools.length > 0 && !hasToolResults(messages)) {
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
  return { content: JSON.stringify(writeFinding(input, readToolObservations(messages), entities, today)) };
}
