import { ModeratorAnswerSchema, type Finding, type ModeratorAnswer } from "../../domain";
import type { ModeratorInput } from "../agent-inputs";
import type { RunContext } from "../run-context";
import type { StructuredOutcome } from "../structured-call";
import { askAgent } from "./ask-agent";

/**
 * Asks the Moderator to merge the successful findings into one cited answer. Failed specialists are
 * named in the input so the answer can mention the gap. Returns the structured outcome; the run
 * loop decides what a failure means (retry the flow once, then fail clearly).
 */
export async function moderate(context: RunContext, previous?: { qscore: number; critique: string }): Promise<StructuredOutcome<ModeratorAnswer>> {
  const { deps, state } = context;
  const input: ModeratorInput = {
    agent: "moderator",
    question: state.question,
    language: state.language,
    decision: state.decision!,
    findings: state.findings.filter((f): f is Extract<Finding, { status: "ok" }> => f.status === "ok"),
    failures: state.findings.flatMap((f) => (f.status === "failed" ? [{ specialist: f.specialist, error: f.error }] : [])),
    specialistNames: Object.fromEntries(deps.prompts.specialists.map((s) => [s.id, s.displayName[state.language]])),
    previous,
  };
  const prompt = deps.prompts.moderator;
  const system = previous ? `${prompt.text}\n\n${deps.prompts.fragments.moderatorRequery}` : prompt.text;
  const report = await context.executor("moderator", previous ? "requery" : "initial", async (step) => {
    const outcome = await askAgent(context, {
      model: step.model,
      agentId: "moderator",
      prompt,
      system,
      defaultModel: deps.settings.models.moderator,
      timeoutMs: deps.settings.timeouts.moderatorMs,
      input,
      output: { name: "moderator_answer", schema: ModeratorAnswerSchema },
      validator: ModeratorAnswerSchema,
    });
    return { ...outcome, outcome: outcome.kind, detail: outcome.kind === "ok" ? undefined : outcome.cause, result: outcome };
  });
  return report.result;
}
