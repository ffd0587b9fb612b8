import { extractAmounts } from "../domain/amounts";
import {
  ConversationEntityKindSchema,
  questionToAnswer,
  recordOfReference,
  type ConversationEntities,
  type ConversationEntityKind,
  type ConversationTurn,
  type RunState,
} from "../domain";
import type { ConversationMemory } from "./ports";

/** Most entities of one kind a turn keeps: enough to resolve "them", small enough for the budget. */
const MAX_PER_KIND = 5;

const PERIOD = /\bFY\s?\d{4}\b|\d{4}\s*年度/gi;

/** What the run resolved: what the tool calls looked up, contracts from the evidence, periods and amounts from the question. */
export function entitiesOfRun(state: RunState): ConversationEntities {
  const kinds = ConversationEntityKindSchema.options;
  const found = Object.fromEntries(kinds.map((kind) => [kind, new Set<string>()])) as Record<ConversationEntityKind, Set<string>>;
  const question = questionToAnswer(state);
  for (const finding of state.findings) {
    for (const call of finding.toolCalls) {
      for (const { kind, name } of call.lookedUp ?? []) found[kind].add(name);
    }
    // Contract ids as the contract evidence gives them ("CTR-0001 §4" → CTR-0001): the tool cites the id as the data spells it.
    if (finding.status === "ok")
      for (const item of finding.evidence) if (item.source === "contract") found.contracts.add(recordOfReference(item.referenceId));
  }
  for (const period of question.match(PERIOD) ?? []) found.periods.add(period.replace(/\s+/g, "").toUpperCase());
  for (const amount of extractAmounts(question)) found.amounts.add(amount.text.trim());
  return Object.fromEntries(kinds.map((kind) => [kind, [...found[kind]].slice(0, MAX_PER_KIND)])) as ConversationEntities;
}

/** None for a failed run or a question asked back; an answer awaiting an approver is remembered without its unseen conclusion. */
export function turnFromRun(state: RunState): ConversationTurn | undefined {
  if (state.status !== "answered" && state.status !== "awaiting_approval") return undefined;
  return {
    runId: state.runId,
    at: state.endedAt ?? state.updatedAt,
    language: state.language,
    question: state.question,
    standaloneQuestion: questionToAnswer(state),
    ...(state.status === "answered" && state.answer ? { conclusion: state.answer.conclusion } : {}),
    entities: entitiesOfRun(state),
  };
}

/** Leaves a finished run's turn in its conversation's memory (nothing for one-shot runs or runs that leave none). */
export async function rememberRun(memory: ConversationMemory, state: RunState): Promise<void> {
  const turn = turnFromRun(state);
  if (turn && state.conversationKey) await memory.remember(state.conversationKey, turn);
}
