import type { GoldenAccuracy } from "./golden-check";
import { describeChange } from "./proposal";
import type { CheckedProposal, TuningReport } from "./tuning-report";

/** Said when the stored runs point at nothing to change. */
const NO_CHANGE = "No change proposed: the stored runs, feedback and evaluations point at nothing to tune.";

/** The report as Markdown for people: the evidence base, each proposal with its runs and golden figures, and what was dropped. */
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

/** Keeps a value inside one Markdown table cell. */
function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\s+/g, " ").trim();
}
