import type { Feedback, SpecialistSummary, TranscriptDocument } from "../../domain";
import type { WorkflowDeps } from "../../workflow/deps";
import { GOLDEN_TOOL_CALL_MATCHING, type GoldenCase } from "../golden";
import { toolCallAccuracy } from "../metrics/tool-call-accuracy";
import { transcriptToSample } from "../samples/transcript-to-sample";
import type { ReferenceTopics } from "../reference-topics";
import {
  collectRunEvidence,
  findMisroutings,
  neededSpecialists,
  type EvaluationEvidence,
  type Proposal,
  type TuningChange,
} from "./evidence";
import { proposeDescriptionChanges, proposeKeywordChanges, proposeQscoreThreshold } from "./proposals";
import { z } from "zod";
import { PASSING_SCORE } from "../metrics/metric-result";

interface CheckedProposal extends Proposal {
  golden: { after: GoldenAccuracy; verdict: GoldenVerdict };
}

/** What the stored runs say, and the changes that survived the golden set. */
export type TuningReport = Awaited<ReturnType<typeof buildTuningReport>>;

export interface TuningInputs {
  since: string;
  transcripts: TranscriptDocument[];
  feedback: Feedback[];
  evaluations: EvaluationEvidence[];
}

export interface TuningContext {
  specialists: SpecialistSummary[];
  scope: ReferenceTopics;
  /** Never proposed as keywords or description terms. */
  supplierNames: string[];
  qscoreThreshold: number;
  goldenCases: GoldenCase[];
  /** The golden workflow (offline), wired with a change applied in memory. */
  ask: (tune: (deps: WorkflowDeps) => WorkflowDeps) => Promise<(question: string) => Promise<TranscriptDocument>>;
}

/**
 * Reads the evidence, proposes keyword, description and QSCORE-threshold changes, and runs the golden set once as configured and once per
 * proposal with that change applied in memory. Nothing is written anywhere.
 */
export async function buildTuningReport(inputs: TuningInputs, context: TuningContext) {
  const runs = collectRunEvidence(inputs.transcripts, inputs.feedback, inputs.evaluations);
  const count = (outcome: string) => runs.filter((run) => run.outcome === outcome).length;
  const misroutings = findMisroutings(runs, context.scope);
  const candidates = [
    ...proposeKeywordChanges(misroutings, context.specialists, context.supplierNames),
    ...proposeDescriptionChanges(misroutings, context.specialists, context.supplierNames),
    ...proposeQscoreThreshold(runs, context.qscoreThreshold),
  ];
  const measure = async (tune: (deps: WorkflowDeps) => WorkflowDeps) =>
    measureGolden(context.goldenCases, await context.ask(tune), context.scope);
  const baseline = await measure((deps) => deps);
  const checked: CheckedProposal[] = [];
  for (const proposal of candidates) {
    const after = await measure(applyChange(proposal.change));
    checked.push({ ...proposal, golden: { after, verdict: compareGolden(baseline, after) } });
  }
  return {
    since: inputs.since,
    runs: { total: runs.length, good: count("good"), bad: count("bad"), unknown: count("unknown") },
    currentQscoreThreshold: context.qscoreThreshold,
    baseline,
    // Proposals improve the golden set or leave it unchanged (marked as such); the golden set refused the dropped: a figure fell.
    proposals: checked.filter((proposal) => proposal.golden.verdict !== "regresses"),
    dropped: checked.filter((proposal) => proposal.golden.verdict === "regresses"),
  };
}

type GoldenAccuracy = Awaited<ReturnType<typeof measureGolden>>;

// None when the Router declined the question.
const SelectedSchema = z.array(z.string()).catch([]);

type GoldenVerdict = "improves" | "unchanged" | "regresses";

/** The change as the file or setting a person would edit. */
function describeChange(change: TuningChange): string {
  const file = change.kind === "qscore-threshold" ? "" : `prompts/specialists/${change.specialist}.md`;
  switch (change.kind) {
    case "add-keyword":
    case "remove-keyword":
      return `${file} keywords: ${change.kind === "add-keyword" ? "add" : "remove"} "${change.keyword}"`;
    case "extend-description":
    case "narrow-description":
      return `${file} description: append "${change.clause}"`;
    case "qscore-threshold":
      return `QSCORE_THRESHOLD: ${change.from} → ${change.to}`;
  }
}

// A copy of the specialists or settings, never a file.
function applyChange(change: TuningChange): (deps: WorkflowDeps) => WorkflowDeps {
  return (deps) => {
    if (change.kind === "qscore-threshold") return { ...deps, settings: { ...deps.settings, qscoreThreshold: change.to } };
    const changed = <S extends SpecialistSummary>(specialist: S): S => {
      if (change.kind === "add-keyword") return { ...specialist, keywords: [...specialist.keywords, change.keyword] };
      if (change.kind === "remove-keyword")
        return { ...specialist, keywords: specialist.keywords.filter((keyword) => keyword !== change.keyword) };
      return { ...specialist, description: `${specialist.description.trim()} ${change.clause}` };
    };
    const specialists = deps.prompts.specialists.map((specialist) =>
      specialist.id === change.specialist ? changed(specialist) : specialist,
    );
    return { ...deps, prompts: { ...deps.prompts, specialists } };
  };
}

// Only the Router's choice and ToolCallAccuracy, which need no evaluation model, so the check is the same on every machine.
async function measureGolden(cases: GoldenCase[], ask: (question: string) => Promise<TranscriptDocument>, scope: ReferenceTopics) {
  // Cases where every reference topic had a specialist that owns it among those chosen, and cases whose tool calls passed.
  const routed = new Set<string>();
  const passedTools = new Set<string>();
  for (const golden of cases) {
    const transcript = await ask(golden.question);
    const selected = SelectedSchema.parse(transcript.decision?.selected);
    if (golden.referenceTopics.every((topic) => neededSpecialists([topic], scope).some((id) => selected.includes(id))))
      routed.add(golden.id);
    const sample = transcriptToSample(transcript, { referenceToolCalls: golden.referenceToolCalls });
    if ((toolCallAccuracy(sample, GOLDEN_TOOL_CALL_MATCHING).score ?? 0) >= PASSING_SCORE) passedTools.add(golden.id);
  }
  return {
    cases: cases.length,
    routed: routed.size,
    toolCallsPassed: passedTools.size,
    // Shows which cases a change moves.
    failing: cases.filter((golden) => !routed.has(golden.id) || !passedTools.has(golden.id)).map((golden) => golden.id),
  };
}

/** Better when a figure rose and none fell; worse when any fell. */
function compareGolden(before: GoldenAccuracy, after: GoldenAccuracy): GoldenVerdict {
  const deltas = [after.routed - before.routed, after.toolCallsPassed - before.toolCallsPassed];
  if (deltas.some((delta) => delta < 0)) return "regresses";
  return deltas.some((delta) => delta > 0) ? "improves" : "unchanged";
}

const NO_CHANGE = "No change proposed: the stored runs, feedback and evaluations point at nothing to tune.";

/** Markdown: the evidence base, each proposal with its runs and golden figures, and what was dropped. */
export function renderTuningReport(report: TuningReport): string {
  const { runs, baseline } = report;
  const lines = [
    "# Tuning report",
    "",
    `Runs since ${report.since}: ${runs.total} (${runs.bad} badly received, ${runs.good} well received, ${runs.unknown} without feedback or evaluation).`,
    `Golden set as configured (offline): ${accuracy(baseline)}. QSCORE_THRESHOLD is ${report.currentQscoreThreshold}.`,
    "Nothing below has been applied: edit the file or setting named to adopt a change.",
    "",
  ];
  if (report.proposals.length === 0)
    lines.push(
      report.dropped.length > 0 ? "No change proposed: every change the runs suggested made the golden set worse (below)." : NO_CHANGE,
      "",
    );
  else {
    lines.push("| # | change | golden before | golden after | result |", "| --- | --- | --- | --- | --- |");
    report.proposals.forEach((proposal, index) =>
      lines.push(
        `| ${index + 1} | ${cell(describeChange(proposal.change))} | ${accuracy(baseline)} | ${accuracy(proposal.golden.after)} | ${verdictText(proposal)} |`,
      ),
    );
    lines.push("");
    report.proposals.forEach((proposal, index) => lines.push(...evidence(`${index + 1}. ${describeChange(proposal.change)}`, proposal)));
  }
  if (report.dropped.length > 0) {
    lines.push("## Dropped: the golden set got worse", "");
    for (const proposal of report.dropped)
      lines.push(
        `- ${describeChange(proposal.change)}: ${accuracy(baseline)} → ${accuracy(proposal.golden.after)} (${proposal.evidence.length} runs behind it)`,
      );
    lines.push("");
  }
  return lines.join("\n");
}

function evidence(title: string, proposal: CheckedProposal): string[] {
  return [
    `## ${title}`,
    "",
    `${proposal.summary}.`,
    "",
    "| run | question | evidence |",
    "| --- | --- | --- |",
    ...proposal.evidence.map((run) => `| ${cell(run.runId)} | ${cell(run.question)} | ${cell(run.why)} |`),
    "",
  ];
}

function verdictText(proposal: CheckedProposal): string {
  return proposal.golden.verdict === "improves" ? "improves" : "unchanged on the golden set (no case covers it: consider adding one)";
}

/** "routing 12/14, tool calls 11/14". */
function accuracy(figures: GoldenAccuracy): string {
  return `routing ${figures.routed}/${figures.cases}, tool calls ${figures.toolCallsPassed}/${figures.cases}`;
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\s+/g, " ").trim();
}
