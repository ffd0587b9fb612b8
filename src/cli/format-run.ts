import type { RunState, SpecialistDefinition } from "../domain";

/** A run rendered as readable terminal text (the CLI's default output). */
export function formatRun(state: RunState, specialists: SpecialistDefinition[]): string {
  const name = (id: string) => specialists.find((s) => s.id === id)?.displayName[state.language] ?? id;
  const lines: string[] = [];
  if (state.offline) lines.push("[offline] Produced without a language model (deterministic offline engine).", "");
  lines.push(`Question: ${state.question}`);
  if (state.understanding?.kind === "rewritten") lines.push(`Understood as: ${state.standaloneQuestion}`);
  lines.push("");
  if (state.status === "needs_clarification") {
    lines.push(`Asked back: ${state.understanding?.clarification ?? ""}`);
    return lines.join("\n");
  }
  if (state.decision)
    lines.push(`Specialists: ${state.decision.priority.map(name).join(", ")}${state.decision.fallback ? " (fallback)" : ""} — ${state.decision.reason}`, "");
  if (state.status === "failed") {
    lines.push(`The run failed: ${state.failure?.message ?? "unknown error"}`, `Correlation id: ${state.failure?.correlationId ?? state.runId}`);
    return lines.join("\n");
  }
  const answer = state.answer!;
  lines.push("Conclusion", `  ${answer.conclusion}`, "", "Rationale");
  for (const point of answer.rationale) lines.push(`  - ${point.point}${point.citations.length ? ` [${point.citations.join(", ")}]` : ""}`);
  lines.push("", "Findings");
  for (const finding of state.findings) {
    if (finding.status === "ok") {
      lines.push(`  ${name(finding.specialist)} (confidence ${Math.round(finding.confidence * 100)}%): ${finding.summary}`);
      for (const item of finding.evidence.slice(0, 5)) lines.push(`      · ${item.referenceId} — ${item.quote}`);
    } else lines.push(`  ${name(finding.specialist)}: could not answer (${finding.error})`);
  }
  if (answer.nextActions.length > 0) {
    lines.push("", "Next actions");
    for (const action of answer.nextActions) lines.push(`  ${answer.nextActions.indexOf(action) + 1}. ${action}`);
  }
  const { initialScore, finalScore, retried } = state.quality;
  lines.push("", `QSCORE ${retried ? `${initialScore} → ${finalScore} (re-asked once)` : `${finalScore}`}`);
  if (state.status === "awaiting_approval") lines.push("", "Needs approval before it reaches the requester:", ...state.hitlReasons.map((r) => `  - ${r}`));
  if (state.suggestedFollowUps?.length) lines.push("", "You could ask next", ...state.suggestedFollowUps.map((question) => `  > ${question}`));
  return lines.join("\n");
}
