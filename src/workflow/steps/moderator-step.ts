import {
  ModeratorAnswerSchema,
  questionToAnswer,
  specialistFailures,
  type Finding,
  type ModeratorAnswer,
  type ModeratorInput,
} from "../../domain";
import type { AnswerPreview } from "../ports";
import type { RunContext } from "../run-context";
import type { StructuredOutcome } from "../structured-call";
import { askAgentAsExecutor } from "./ask-agent";

/**
 * Asks the Moderator to merge the successful findings into one cited answer. Failed specialists are
 * named in the input so the answer can mention the gap. Returns the structured outcome; the run
 * loop decides what a failure means (retry the flow once, then fail clearly).
 */
export async function moderate(
  context: RunContext,
  previous?: { qscore: number; critique: string },
): Promise<StructuredOutcome<ModeratorAnswer>> {
  const { deps, state } = context;
  const decision = state.decision;
  if (!decision) throw new Error("the Moderator needs the Router's decision");
  const input: ModeratorInput = {
    agent: "moderator",
    question: questionToAnswer(state),
    language: state.language,
    ...(state.understanding?.previousAnswer ? { previousAnswer: state.understanding.previousAnswer } : {}),
    decision,
    findings: state.findings.filter((f): f is Extract<Finding, { status: "ok" }> => f.status === "ok"),
    failures: specialistFailures(state.findings),
    specialistNames: Object.fromEntries(deps.prompts.specialists.map((s) => [s.id, s.displayName[state.language]])),
    previous,
  };
  const prompt = deps.prompts.moderator;
  const system = previous ? `${prompt.text}\n\n${deps.prompts.fragments.moderatorRequery}` : prompt.text;
  const ask = () =>
    askAgentAsExecutor(context, previous ? "requery" : "initial", {
      agentId: "moderator",
      prompt,
      system,
      profile: deps.settings.models.moderator,
      timeoutMs: deps.settings.timeouts.moderatorMs,
      input,
      output: { name: "moderator_answer", schema: ModeratorAnswerSchema },
      validator: ModeratorAnswerSchema,
      ...(deps.answerPreview ? { onPartialOutput: previewConclusion(deps.answerPreview, state.runId) } : {}),
    });
  // An answer the content filter stopped is asked for once more; stopped again, the run ends blocked.
  const first = await ask();
  if (first.kind !== "content_filter") return first;
  const second = await ask();
  if (second.kind === "content_filter") context.block("moderator", second.filter?.categories ?? []);
  return second;
}

/** Forwards the conclusion of a partial Moderator answer, once it has some text and whenever it grows. */
function previewConclusion(preview: AnswerPreview, runId: string): (partial: unknown) => void {
  let last = "";
  return (partial) => {
    const conclusion = typeof partial === "object" && partial !== null ? (partial as { conclusion?: unknown }).conclusion : undefined;
    if (typeof conclusion !== "string" || conclusion.trim() === "" || conclusion === last) return;
    last = conclusion;
    preview.conclusion(runId, conclusion);
  };
}
