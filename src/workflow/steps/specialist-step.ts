import type { z } from "zod";
import {
  modelOfProfile,
  FindingOutputSchema,
  describeError,
  handoffOutputSchema,
  questionToAnswer,
  type Finding,
  type SpecialistDefinition,
  type SpecialistInput,
  type EvidenceItem,
  type SpecialistRound,
  type ToolCallRecord,
} from "../../domain";
import { renderAgentMessages } from "../agent-message";
import { EvidenceHandles } from "../evidence-handles";
import { keepReturnedCitations, linkedEvidenceOf } from "../evidence-links";
import type { ChatMessage, ChatRequest } from "../ports";
import type { ExecutorStep, RunContext } from "../run-context";
import { CallTally, unsentCall, validateWithOneRepair, type AskModel } from "../structured-call";
import { runToolCalls, toolSpecsOf, type ToolCallResult } from "./tool-runner";

export interface SpecialistRoundInput {
  round: SpecialistRound;
  critique?: string;
  previous?: Finding;
  peers?: Finding[];
  /** Cancels the specialist (used to stop a speculative start the Router did not confirm). */
  signal?: AbortSignal;
  /** A turn of a group chat: the round's note is the group-chat one. */
  groupChat?: boolean;
  /** A handoff turn: whom the specialist may hand the question to instead of answering (none: it must answer). */
  handoffTargets?: string[];
}

/** A bounded tool loop, then a validated Finding (one repair). Never throws: a failure becomes a `failed` finding, so the Moderator is told. */
export async function runSpecialist(context: RunContext, specialist: SpecialistDefinition, extra: SpecialistRoundInput): Promise<Finding> {
  const toolCalls: ToolCallRecord[] = [];
  const report = await context.executor(specialist.id, extra.round, async (step) => {
    try {
      return await investigate(context, specialist, extra, toolCalls, step);
    } catch (error) {
      return { kind: "error" as const, finding: failed(specialist.id, describeError(error), toolCalls) };
    }
  });
  return report.finding;
}

async function investigate(
  context: RunContext,
  specialist: SpecialistDefinition,
  extra: SpecialistRoundInput,
  toolCalls: ToolCallRecord[],
  step: ExecutorStep,
) {
  const { deps, state } = context;
  const { fragments } = deps.prompts;
  const decision = state.decision;
  if (!decision) throw new Error("a specialist needs the Router's decision");
  const handles = new EvidenceHandles();
  const { id, displayName, description, keywords } = specialist;
  const input: SpecialistInput = {
    agent: "specialist",
    question: questionToAnswer(state),
    language: state.language,
    ...(state.understanding?.previousAnswer ? { previousAnswer: state.understanding.previousAnswer } : {}),
    specialist: { id, displayName, description, keywords, tools: specialist.tools },
    decision,
    round: extra.round,
    critique: extra.critique,
    // Numbered as the input renders them (its keys sorted: `peers` before `previous`), then the tools' records.
    peers: extra.peers && handles.showFindings(extra.peers),
    previous: extra.previous && handles.showFindings([extra.previous])[0],
  };
  const handoffTargets = extra.handoffTargets ?? [];
  const outputSchema = handoffTargets.length > 0 ? handoffOutputSchema(handoffTargets as [string, ...string[]]) : FindingOutputSchema;
  const roundNote =
    handoffTargets.length > 0
      ? fragments.specialistHandoff
      : extra.groupChat
        ? fragments.specialistGroupChat
        : { initial: "", debate: fragments.specialistDebate, requery: fragments.specialistRequery }[extra.round];
  const toolSpecs = toolSpecsOf(deps.tools, specialist.tools);
  const deadline = Date.now() + context.timeoutFor(deps.settings.timeouts.specialistMs);
  const profile = modelOfProfile(deps.settings.models.specialist, specialist.model);
  const tally = new CallTally(profile.model);
  const request = (conversation: ChatMessage[], offerTools: boolean): ChatRequest => ({
    agentId: specialist.id,
    ...profile,
    messages: [...conversation],
    temperature: specialist.temperature,
    maxTokens: specialist.maxTokens,
    timeoutMs: Math.max(1, deadline - Date.now()),
    output: { name: "finding", schema: outputSchema },
    tools: offerTools && toolSpecs.length > 0 ? toolSpecs : undefined,
    signal: extra.signal,
  });
  let timedOut = false;
  const toolEvidence: EvidenceItem[] = [];
  // Tools are offered for the first `maxToolRounds` turns, never with the repair request; each
  // round's calls and results join the conversation before the model is asked again.
  const ask: AskModel = async (conversation, repairing) => {
    for (let turn = 0; ; turn++) {
      if (Date.now() >= deadline) {
        timedOut = true;
        return unsentCall("timeout", "timed out", tally.model);
      }
      const offerTools = !repairing && turn < deps.settings.maxToolRounds;
      const outcome = tally.add(await step.model.complete(request(conversation, offerTools)));
      if (outcome.kind !== "ok" || !offerTools || outcome.toolCalls.length === 0) return outcome;
      addToolRound(conversation, outcome.content, await runToolCalls(deps.tools, specialist.tools, outcome.toolCalls, state.language));
    }
  };
  // Each round's calls and results join the conversation as the model asked for them, and are recorded.
  const addToolRound = (conversation: ChatMessage[], content: string, results: ToolCallResult[], upFront = false) => {
    conversation.push({ role: "assistant", content, toolCalls: results.map((r) => r.call) });
    for (const result of results) {
      toolCalls.push(upFront ? { ...result.record, upFront: true } : result.record);
      toolEvidence.push(...result.evidence);
      context.emit({
        type: "tool_completed",
        parentStepId: step.id,
        executor: specialist.id,
        tool: result.record.name,
        durationMs: result.record.durationMs,
        outcome: result.record.ok ? "ok" : "error",
      });
      conversation.push({ role: "tool", toolCallId: result.call.id, content: JSON.stringify(handles.showToolContent(result.content)) });
    }
  };
  // The shared data rule follows the specialist's own prompt, the same for every question (the prompt cache reuses it).
  const system = [specialist.systemPrompt, fragments.untrustedData, fragments.findingFacts, roundNote].filter(Boolean).join("\n\n");
  const messages = renderAgentMessages(system, input);
  // A first answer starts with the evidence the question implies (run while the Router decided), as
  // if the specialist had asked for it; tools stay offered for whatever it still needs.
  if (extra.round === "initial" && extra.previous === undefined) {
    const upFront = ((await context.upFrontEvidence()).get(specialist.id) ?? []).filter((r) => specialist.tools.includes(r.call.name));
    if (upFront.length > 0) addToolRound(messages, "", upFront, true);
  }
  const result = await validateWithOneRepair(ask, messages, fragments.repair, outputSchema);
  const report = { usage: tally.usage, attempts: tally.attempts, model: tally.model };
  if (result.kind !== "ok") {
    const error = timedOut ? "timed out" : `${result.kind.replace("_", " ")}: ${result.cause}`;
    return { ...report, kind: result.kind, finding: failed(specialist.id, error, toolCalls), cause: result.cause };
  }
  const { handoffTo, handoffReason, quotes, ...finding } = result.value as z.infer<ReturnType<typeof handoffOutputSchema>>;
  const handoff = handoffTo ? { handoff: { to: handoffTo, reason: handoffReason ?? "" } } : {};
  // The model cites records by the handles it was shown; everything kept holds their reference ids,
  // and only of records a tool returned in this run (its own calls, or its peers' checked findings).
  const { evidence, dropped } = keepReturnedCitations({ evidence: finding.evidence, quotes }, handles, [
    ...toolEvidence,
    ...linkedEvidenceOf([extra.previous, ...(extra.peers ?? [])]),
  ]);
  context.citationsDropped(specialist.id, dropped);
  return {
    ...report,
    kind: "ok" as const,
    finding: { specialist: specialist.id, status: "ok", toolCalls, ...finding, evidence, ...handoff } satisfies Finding,
  };
}

function failed(specialist: string, error: string, toolCalls: ToolCallRecord[]): Finding {
  return { specialist, status: "failed", error, toolCalls };
}
