import { questionToAnswer } from "../domain";
import type { RunState, SampleMessage, TranscriptDocument, TranscriptStep, WorkflowEvent } from "../domain";

/** The partition used for runs with no Teams conversation (CLI, bench). */
export const LOCAL_CONVERSATION_ID = "local";

type CompletedEvent = WorkflowEvent & { executor: string };

/**
 * Turns a run's state into its stored transcript: one step per completed executor (with the rationale and action behind it and the tool
 * calls it made), and the run as an agent-metrics conversation. Pure; ids only — the requester is recorded by conversation and user id.
 */
export function buildTranscript(state: RunState): TranscriptDocument {
  return {
    id: state.runId,
    schemaVersion: 1,
    runId: state.runId,
    conversationId: state.requester?.conversationId ?? LOCAL_CONVERSATION_ID,
    ...(state.requester ? { userId: state.requester.userId } : {}),
    question: state.question,
    ...(state.standaloneQuestion && state.standaloneQuestion !== state.question ? { standaloneQuestion: state.standaloneQuestion } : {}),
    language: state.language,
    status: state.status,
    offline: state.offline,
    startedAt: state.startedAt,
    ...(state.endedAt ? { endedAt: state.endedAt } : {}),
    ...(state.decision ? { decision: state.decision } : {}),
    steps: buildSteps(state),
    conversation: buildConversation(state),
    ...(state.answer ? { answer: state.answer } : {}),
    quality: state.quality,
    hitlReasons: state.approval?.reasons ?? [],
    droppedCitations: state.events.reduce((sum, event) => sum + (event.droppedCitations ?? 0), 0),
    ...(state.executorIo?.length ? { executorIo: state.executorIo } : {}),
  };
}

function buildSteps(state: RunState): TranscriptStep[] {
  const completed = state.events.filter(
    (event): event is CompletedEvent => event.type === "executor_completed" && event.executor !== undefined,
  );
  const moderatorScores = state.quality.retried
    ? [state.quality.initialScore, state.quality.finalScore]
    : [state.quality.finalScore ?? state.quality.initialScore];
  let moderatorSteps = 0;
  return completed.map((event, index) => {
    const isLastOfExecutor = !completed.slice(index + 1).some((later) => later.executor === event.executor);
    const described =
      event.executor === "router"
        ? describeRouter(state, event)
        : event.executor === "moderator"
          ? describeModerator(
              state,
              event,
              moderatorScores[Math.min(moderatorSteps++, moderatorScores.length - 1)] ?? null,
              isLastOfExecutor,
            )
          : describeSpecialist(state, event, isLastOfExecutor);
    return {
      step: index + 1,
      executor: event.executor,
      phase: event.phase ?? "unknown",
      ...(event.round ? { round: event.round } : {}),
      startedAt: new Date(Date.parse(event.at) - (event.durationMs ?? 0)).toISOString(),
      durationMs: event.durationMs ?? 0,
      ...(event.model ? { model: event.model } : {}),
      inputTokens: event.inputTokens ?? 0,
      outputTokens: event.outputTokens ?? 0,
      cachedInputTokens: event.cachedInputTokens ?? 0,
      reasoningTokens: event.reasoningTokens ?? 0,
      outcome: event.outcome ?? "ok",
      ...described,
    };
  });
}

type StepDescription = Pick<TranscriptStep, "rationale" | "action" | "toolCalls">;

function failed(event: CompletedEvent): StepDescription | undefined {
  if (event.outcome === undefined || event.outcome === "ok") return undefined;
  return { rationale: event.detail ?? "", action: `failed (${event.outcome})`, toolCalls: [] };
}

function describeRouter(state: RunState, event: CompletedEvent): StepDescription {
  const decision = state.decision;
  if (!decision) return failed(event) ?? { rationale: event.detail ?? "", action: "no decision", toolCalls: [] };
  if (!decision.inScope)
    return { rationale: decision.scopeReason, action: "out of scope: replied politely, no specialist runs", toolCalls: [] };
  const mode = `${decision.debateMode}, evidence ${decision.evidenceNeed}${decision.fallback ? ", fallback" : ""}`;
  return { rationale: decision.reason, action: `selected ${decision.selected.join(", ")} (${mode})`, toolCalls: [] };
}

function describeModerator(state: RunState, event: CompletedEvent, score: number | null, isLast: boolean): StepDescription {
  const failure = failed(event);
  if (failure) return failure;
  const answer = state.answer;
  const approval = isLast && answer?.hitl ? "; needs approval" : "";
  const rationale = isLast && answer ? answer.critique : `sent back by the quality gate (qscore ${score ?? "?"})`;
  return { rationale, action: `answered with qscore ${score ?? "?"}${approval}`, toolCalls: [] };
}

/** A specialist's tool calls belong to its finding, which its last step produced. */
function describeSpecialist(state: RunState, event: CompletedEvent, isLast: boolean): StepDescription {
  const finding = state.findings.find((candidate) => candidate.specialist === event.executor);
  if (!finding || !isLast)
    return failed(event) ?? { rationale: event.detail ?? "", action: `answered (${event.round ?? "initial"} round)`, toolCalls: [] };
  const toolCalls = finding.toolCalls;
  if (finding.status === "failed") return { rationale: finding.error, action: `failed (${event.outcome ?? "error"})`, toolCalls };
  const action = toolCalls.length > 0 ? `called ${toolCalls.map((call) => call.name).join(", ")}` : "answered without tools";
  return { rationale: finding.summary, action, toolCalls };
}

/** Human question, an ai turn per specialist that called tools (with its tool results), the final answer. */
function buildConversation(state: RunState): SampleMessage[] {
  // Evaluation judges the question the agents answered: a follow-up made standalone.
  const messages: SampleMessage[] = [{ type: "human", content: questionToAnswer(state) }];
  for (const finding of state.findings) {
    if (finding.toolCalls.length === 0) continue;
    const said = finding.status === "ok" ? finding.summary : finding.error;
    messages.push({
      type: "ai",
      content: `[${finding.specialist}] ${said}`,
      toolCalls: finding.toolCalls.map((call) => ({ name: call.name, arguments: call.arguments })),
    });
    for (const call of finding.toolCalls) messages.push({ type: "tool", content: call.resultDigest });
  }
  const outOfScope = state.status === "out_of_scope" ? `Out of scope: ${state.decision?.scopeReason ?? ""}`.trim() : undefined;
  const final = state.answer?.conclusion ?? state.failure?.message ?? outOfScope;
  if (final !== undefined) messages.push({ type: "ai", content: final });
  return messages;
}
