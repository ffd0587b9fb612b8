import { labelsFor, stringsFor } from "../domain";
import { mergeIdenticalFindings } from "../cards/view-models";
import type { Finding, RunState, SpecialistDefinition } from "../domain";

/** A run rendered as readable terminal text (the CLI's default output), in the question's language. */
export function formatRun(state: RunState, specialists: SpecialistDefinition[]): string {
  const text = stringsFor(state.language).cli;
  const name = (id: string) => specialists.find((s) => s.id === id)?.displayName[state.language] ?? id;
  const lines: string[] = [];
  if (state.offline) lines.push(text.offline, "");
  const labels = labelsFor(state.language);
  lines.push(`${labels.question}: ${state.question}`);
  if (state.understanding?.kind === "rewritten") lines.push(`${labels.understoodAs}: ${state.standaloneQuestion}`);
  lines.push("");
  /** The text so far and `last`: a run that ended without an answer. */
  const ending = (...last: string[]) => [...lines, ...last].join("\n");
  if (state.status === "needs_clarification") return ending(`${labels.clarifyTitle} ${state.understanding?.clarification ?? ""}`);
  if (state.status === "blocked") return ending(labels.blockedTitle, `  ${labels.blockedBody}`);
  if (state.status === "out_of_scope")
    return ending(
      `${text.outOfScope} — ${state.decision?.scopeReason ?? ""}`.trim(),
      "",
      labels.outOfScopeTitle,
      `  ${labels.outOfScopeBody}`,
      "",
      labels.outOfScopeExamplesHeading,
      ...labels.outOfScopeExamples.map((example) => `  - ${example}`),
    );
  if (state.decision)
    lines.push(
      `${labels.specialists}: ${state.decision.selected.map(name).join(", ")}${state.decision.fallback ? text.fallback : ""} — ${state.decision.reason}`,
      "",
    );
  // The asker reads what the error card says; what went wrong (the failure's message) is for operators.
  if (state.status === "failed")
    return ending(
      labels.errorTitle,
      `  ${labels.errorBody}`,
      `  ${labels.errorWhatToDo}`,
      `${labels.correlationId}: ${state.failure?.correlationId ?? state.runId}`,
    );
  const answer = state.answer;
  if (!answer) throw new Error(`run ${state.runId} is ${state.status} without an answer`);
  lines.push(labels.conclusion, `  ${answer.conclusion}`, "", labels.rationale);
  for (const point of answer.rationale) lines.push(`  - ${point.point}${point.citations.length ? ` [${point.citations.join(", ")}]` : ""}`);
  lines.push("", text.findings);
  const answered = state.findings
    .filter((finding): finding is Extract<Finding, { status: "ok" }> => finding.status === "ok")
    .map((finding) => ({ ...finding, name: name(finding.specialist), headline: finding.summary }));
  for (const finding of mergeIdenticalFindings(answered, state.language)) {
    lines.push(`  ${finding.name} (${labels.confidence(Math.round(finding.confidence * 100))}): ${finding.summary}`);
    for (const item of finding.evidence.slice(0, 5)) lines.push(`      · ${item.referenceId} — ${item.quote}`);
  }
  for (const finding of state.findings)
    if (finding.status === "failed") lines.push(`  ${name(finding.specialist)}: ${text.couldNotAnswer(finding.error)}`);
  if (answer.nextActions.length > 0) {
    lines.push("", labels.nextActions);
    answer.nextActions.forEach((action, index) => lines.push(`  ${index + 1}. ${action}`));
  }
  const { initialScore, finalScore, retried } = state.quality;
  lines.push("", `QSCORE ${retried ? `${initialScore} → ${finalScore} (${text.reasked})` : `${finalScore}`}`);
  if (state.status === "awaiting_approval") lines.push("", text.needsApproval, ...(state.approval?.reasons ?? []).map((r) => `  - ${r}`));
  if (state.suggestedFollowUps?.length)
    lines.push("", labelsFor(state.language).suggestedFollowUps, ...state.suggestedFollowUps.map((question) => `  > ${question}`));
  return lines.join("\n");
}
