import {
  UnderstandingOutputSchema,
  UnderstandingSchema,
  stringsFor,
  describeError,
  needsEarlierContext,
  type ConversationTurn,
  type RewriterInput,
  type RunUnderstanding,
} from "../../domain";
import type { RunContext } from "../run-context";
import { askAgent } from "./ask-agent";

/**
 * Makes the message a standalone question with the conversation's memory, or asks back when nothing remembered resolves it.
 * Never fails the run: with the memory or the rewriter unavailable, the message is answered as written and the record says why.
 */
export async function understandMessage(context: RunContext): Promise<void> {
  const { state } = context;
  const { turns, note } = await recall(context);
  const understanding = turns.length === 0 ? withoutMemory(context) : await rewrite(context, turns);
  if (note) understanding.note = understanding.note ? `${note}; ${understanding.note}` : note;
  state.understanding = understanding;
  if (understanding.kind === "clarify") state.status = "needs_clarification";
}

async function recall(context: RunContext): Promise<{ turns: ConversationTurn[]; note?: string }> {
  const key = context.state.conversationKey;
  if (!key) return { turns: [] };
  try {
    return { turns: await context.deps.memory.recall(key) };
  } catch (error) {
    return { turns: [], note: `conversation memory unavailable (${describeError(error)})` };
  }
}

/** Nothing remembered: no model call; only a message that points at earlier context is asked back. */
function withoutMemory(context: RunContext): RunUnderstanding {
  const { state } = context;
  if (!needsEarlierContext(state.question)) {
    state.standaloneQuestion = state.question;
    return { kind: "standalone", turnsSeen: 0 };
  }
  return { kind: "clarify", turnsSeen: 0, clarification: stringsFor(state.language).followUps.clarification };
}

async function rewrite(context: RunContext, turns: ConversationTurn[]): Promise<RunUnderstanding> {
  const { deps, state } = context;
  const input: RewriterInput = {
    agent: "rewriter",
    question: state.question,
    language: state.language,
    turns: turns.map((turn) => ({ question: turn.standaloneQuestion, conclusion: turn.conclusion ?? "", entities: turn.entities })),
  };
  // The rewriter is small and on the critical path, like the Router: the Router's timeout.
  const outcome = await askAgent(context, undefined, {
    agentId: "rewriter",
    timeoutMs: deps.settings.timeouts.routerMs,
    input,
    output: { name: "understanding", schema: UnderstandingOutputSchema },
    validator: UnderstandingSchema,
  });
  if (outcome.kind !== "ok") {
    state.standaloneQuestion = state.question;
    return { kind: "standalone", turnsSeen: turns.length, note: `rewriter ${outcome.kind.replace("_", " ")}: taken as written` };
  }
  const value = outcome.value;
  if (value.kind === "clarify") return { kind: "clarify", turnsSeen: turns.length, clarification: value.clarification.trim() };
  const standalone = value.kind === "standalone" ? state.question : value.standaloneQuestion.trim();
  state.standaloneQuestion = standalone;
  const last = turns.at(-1);
  return {
    kind: sameText(standalone, state.question) ? "standalone" : "rewritten",
    turnsSeen: turns.length,
    ...(value.refersToPreviousAnswer && last?.conclusion
      ? { previousAnswer: { question: last.standaloneQuestion, conclusion: last.conclusion } }
      : {}),
  };
}

function sameText(a: string, b: string): boolean {
  const squash = (text: string) => text.normalize("NFKC").replace(/\s+/g, " ").trim().toLowerCase();
  return squash(a) === squash(b);
}
