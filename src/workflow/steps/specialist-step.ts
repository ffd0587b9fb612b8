import type { z } from "zod";
import { FindingOutputSchema, describeError, handoffOutputSchema, questionToAnswer, type Finding, type SpecialistDefinition, type ToolCallRecord, type SpecialistInput, type SpecialistRound } from "../../domain";
import type { ChatMessage, ChatRequest, TokenUsage, ToolSpec } from "../ports";
import type { ExecutorStep, RunContext } from "../run-context";
import { validate } from "../structured-call";
import { addUsage } from "../token-usage";
import { renderAgentMessages } from "../agent-message";
import { runToolCalls } from "./tool-runner";

/** Extra context for debate and re-ask rounds. */
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

/**
 * Runs one specialist: a bounded tool loop (tools are offered for at most `maxToolRounds` turns,
 * then an answer is required), then a zod-validated Finding with one repair attempt. Never throws:
 * any failure becomes a `failed` finding naming the reason, so the Moderator can be told.
 */
export async function runSpecialist(context: RunContext, specialist: SpecialistDefinition, extra: SpecialistRoundInput): Promise<Finding> {
  const toolCalls: ToolCallRecord[] = [];
  const report = await context.executor(specialist.id, extra.round, async (step) => {
    try {
      return await investigate(context, specialist, extra, toolCalls, step);
    } catch (error) {
      return { outcome: "error" as const, finding: failed(specialist.id, describeError(error), toolCalls) };
    }
  });
  return report.finding;
}

async function investigate(context: RunContext, specialist: SpecialistDefinition, extra: SpecialistRoundInput, toolCalls: ToolCallRecord[], step: ExecutorStep) {
  const { deps, state } = context;
  const { fragments } = deps.prompts;
  const input: SpecialistInput = {
    agent: "specialist",
    question: questionToAnswer(state),
    language: state.language,
    ...(state.understanding?.previousAnswer ? { previousAnswer: state.understanding.previousAnswer } : {}),
    specialist: {
      id: specialist.id,
      displayName: specialist.displayName,
      description: specialist.description,
      keywords: specialist.keywords,
      tools: specialist.tools,
    },
    decision: state.decision!,
    round: extra.round,
    critique: extra.critique,
    previous: extra.previous,
    peers: extra.peers,
  };
  const handoffTargets = extra.handoffTargets ?? [];
  const outputSchema = handoffTargets.length > 0 ? handoffOutputSchema(handoffTargets as [string, ...string[]]) : FindingOutputSchema;
  const roundNote = handoffTargets.length > 0
    ? fragments.specialistHandoff
    : extra.groupChat
    ? fragments.specialistGroupChat
    : extra.round === "debate"
      ? fragments.specialistDebate
      : extra.round === "requery"
        ? fragments.specialistRequery
        : "";
  const toolSpecs: ToolSpec[] = specialist.tools.flatMap((name) => {
    const tool = deps.tools.get(name);
    return tool ? [{ name: tool.name, description: tool.description, parameters: tool.parameters }] : [];
  });
  const deadline = Date.now() + context.timeoutFor(deps.settings.timeouts.specialistMs);
  const messages: ChatMessage[] = renderAgentMessages(roundNote ? `${specialist.systemPrompt}\n\n${roundNote}` : specialist.systemPrompt, input);
  const usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
  let attempts = 0;
  let model = specialist.model ?? deps.settings.models.specialist;
  const request = (offerTools: boolean): ChatRequest => ({
    agentId: specialist.id,
    model,
    messages: [...messages],
    temperature: specialist.temperature,
    maxTokens: specialist.maxTokens,
    timeoutMs: Math.max(1, deadline - Date.now()),
    output: { name: "finding", schema: outputSchema },
    tools: offerTools && toolSpecs.length > 0 ? toolSpecs : undefined,
    signal: extra.signal,
  });
  const done = (outcome: "ok" | "invalid_output" | "timeout" | "rate_limited" | "error" | "cancelled", finding: Finding, detail?: string) => ({
    outcome,
    finding,
    usage,
    attempts,
    model,
    detail,
  });

  for (let turn = 0, repaired = false; ; turn++) {
    if (Date.now() >= deadline) return done("timeout", failed(specialist.id, "timed out", toolCalls), "timed out");
    const offerTools = turn < deps.settings.maxToolRounds && !repaired;
    const outcome = await step.model.complete(request(offerTools));
    addUsage(usage, outcome.usage);
    attempts += outcome.attempts;
    model = outcome.model;
    if (outcome.kind !== "ok") return done(outcome.kind, failed(specialist.id, `${outcome.kind.replace("_", " ")}: ${outcome.cause}`, toolCalls), outcome.cause);

    if (offerTools && outcome.toolCalls.length > 0) {
      const results = await runToolCalls(deps.tools, specialist.tools, outcome.toolCalls);
      messages.push({ role: "assistant", content: outcome.content, toolCalls: outcome.toolCalls });
      for (const result of results) {
        toolCalls.push(result.record);
        context.emit({
          type: "tool_completed",
          parentStepId: step.id,
          executor: specialist.id,
          tool: result.record.name,
          durationMs: result.record.durationMs,
          outcome: result.record.ok ? "ok" : "error",
        });
        messages.push({ role: "tool", toolCallId: result.call.id, content: JSON.stringify(result.content) });
      }
      continue;
    }
    const parsed = validate(outcome.content, outputSchema);
    if (parsed.ok) {
      const { handoffTo, handoffReason, ...finding } = parsed.value as z.infer<ReturnType<typeof handoffOutputSchema>>;
      const handoff = handoffTo ? { handoff: { to: handoffTo, reason: handoffReason ?? "" } } : {};
      return done("ok", { specialist: specialist.id, status: "ok", toolCalls, ...finding, ...handoff });
    }
    if (repaired) return done("invalid_output", failed(specialist.id, `invalid output: ${parsed.error}`, toolCalls), parsed.error);
    repaired = true;
    messages.push({ role: "assistant", content: outcome.content }, { role: "user", content: `${deps.prompts.fragments.repair}\n\n${parsed.error}` });
  }
}

function failed(specialist: string, error: string, toolCalls: ToolCallRecord[]): Finding {
  return { specialist, status: "failed", error, toolCalls };
}
