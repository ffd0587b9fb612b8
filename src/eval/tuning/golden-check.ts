import { z } from "zod";
import type { SpecialistSummary, TranscriptDocument } from "../../domain";
import type { WorkflowDeps } from "../../workflow/deps";
import { runGoldenSet, type GoldenCase } from "../golden";
import { PASSING_SCORE } from "../metrics/metric-result";
import type { ReferenceTopics } from "../reference-topics";
import { neededSpecialists } from "./needed-specialists";
import type { TuningChange } from "./proposal";

/** The golden set's figures under one configuration: which cases were routed right and which called the right tools. */
export interface GoldenAccuracy {
  cases: number;
  /** Cases where every reference topic had a specialist that owns it among those chosen. */
  routed: number;
  /** Cases whose ToolCallAccuracy passed (≥ PASSING_SCORE). */
  toolCallsPassed: number;
  /** Case ids failing either check (to show which cases a change moves). */
  failing: string[];
}

/** The Router's choice as a transcript stores it; none when it declined the question. */
const SelectedSchema = z.array(z.string()).catch([]);

/** How a change moved the golden set. */
export type GoldenVerdict = "improves" | "unchanged" | "regresses";

/** The change applied to a wired workflow, in memory: a copy of the specialists or settings, never a file. */
export function applyChange(change: TuningChange): (deps: WorkflowDeps) => WorkflowDeps {
  return (deps) => {
    if (change.kind === "qscore-threshold") return { ...deps, settings: { ...deps.settings, qscoreThreshold: change.to } };
    const specialists = deps.prompts.specialists.map((specialist) =>
      specialist.id === change.specialist ? { ...specialist, ...changedFields(specialist, change) } : specialist,
    );
    return { ...deps, prompts: { ...deps.prompts, specialists } };
  };
}

/** The front-matter field a specialist change rewrites: its keywords or its description. */
function changedFields(
  specialist: SpecialistSummary,
  change: Exclude<TuningChange, { kind: "qscore-threshold" }>,
): Partial<SpecialistSummary> {
  switch (change.kind) {
    case "add-keyword":
      return { keywords: [...specialist.keywords, change.keyword] };
    case "remove-keyword":
      return { keywords: specialist.keywords.filter((keyword) => keyword !== change.keyword) };
    case "extend-description":
    case "narrow-description":
      return { description: `${specialist.description.trim()} ${change.clause}` };
  }
}

/**
 * Runs the golden set through `ask` (model-graded metrics are not run: only the Router's choice and
 * ToolCallAccuracy, which need no evaluation model, so the check is the same on every machine).
 */
export async function measureGolden(
  cases: GoldenCase[],
  ask: (question: string) => Promise<TranscriptDocument>,
  scope: ReferenceTopics,
): Promise<GoldenAccuracy> {
  const selectedById = new Map<string, string[]>();
  const byQuestion = new Map(cases.map((golden) => [golden.question, golden.id]));
  const passedTools = new Set<string>();
  await runGoldenSet(
    cases,
    async (question) => {
      const transcript = await ask(question);
      const selected = SelectedSchema.parse(transcript.decision?.selected);
      selectedById.set(byQuestion.get(question) ?? question, selected);
      return transcript;
    },
    { skipped: "the tuning check scores routing and tool calls only" },
    (line) => {
      if (line.metric === "tool-call-accuracy" && typeof line.score === "number" && line.score >= PASSING_SCORE) passedTools.add(line.id);
    },
  );
  const routedRight = (golden: GoldenCase) => {
    const selected = selectedById.get(golden.id) ?? [];
    return golden.referenceTopics.every((topic) => neededSpecialists([topic], scope).some((id) => selected.includes(id)));
  };
  const routed = cases.filter(routedRight);
  return {
    cases: cases.length,
    routed: routed.length,
    toolCallsPassed: passedTools.size,
    failing: cases.filter((golden) => !routed.includes(golden) || !passedTools.has(golden.id)).map((golden) => golden.id),
  };
}

/** Better when a figure rose and none fell; worse when any fell. */
export function compareGolden(before: GoldenAccuracy, after: GoldenAccuracy): GoldenVerdict {
  const deltas = [after.routed - before.routed, after.toolCallsPassed - before.toolCallsPassed];
  if (deltas.some((delta) => delta < 0)) return "regresses";
  return deltas.some((delta) => delta > 0) ? "improves" : "unchanged";
}
