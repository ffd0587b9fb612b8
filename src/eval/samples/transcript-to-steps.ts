import type { TranscriptDocument, TranscriptStep } from "../../domain";
import type { JudgeRun, JudgeStep } from "../judge/judge-step";

function label(step: TranscriptStep): string {
  return `${step.executor}${step.round && step.round !== "initial" ? ` (${step.round})` : ""}`;
}

/** Memory is what the step's tools returned (digests); `phase` keeps the executor phase for the deterministic decomposition. */
export function transcriptToJudgeRun(transcript: TranscriptDocument): JudgeRun {
  const steps: JudgeStep[] = transcript.steps.map((step, index, all) => {
    const previous = all[index - 1];
    const next = all[index + 1];
    const calls = step.toolCalls.map((call) => `${call.name}(${JSON.stringify(call.arguments)})${call.ok ? "" : " failed"}`);
    return {
      step: step.step,
      thinking: step.rationale,
      memory: step.toolCalls.map((call) => `${call.name}: ${call.resultDigest}`).join("; "),
      action: `${label(step)}: ${step.action}${calls.length > 0 ? `; tools: ${calls.join(", ")}` : ""}`,
      next_goal: next
        ? `${label(next)} (${next.phase})`
        : `end the run (status ${transcript.status}, QSCORE ${transcript.quality.finalScore ?? "n/a"}${transcript.hitlReasons.length > 0 ? ", sent for approval" : ""})`,
      evaluation_previous_goal: previous
        ? `step ${previous.step} ${label(previous)}: ${previous.outcome}`
        : `question received (${transcript.language})`,
      phase: step.phase,
    };
  });
  return { id: transcript.id, steps };
}
