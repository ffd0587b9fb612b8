import type { Feedback, SpecialistSummary, TranscriptDocument } from "../../domain";
import type { WorkflowDeps } from "../../workflow/deps";
import type { GoldenCase } from "../golden";
import type { ReferenceTopics } from "../reference-topics";
import { applyChange, compareGolden, measureGolden, type GoldenAccuracy, type GoldenVerdict } from "./golden-check";
import { findMisroutings } from "./misrouted-runs";
import type { Proposal } from "./proposal";
import { proposeDescriptionChanges } from "./propose-descriptions";
import { proposeKeywordChanges } from "./propose-keywords";
import { proposeQscoreThreshold } from "./propose-threshold";
import { collectRunEvidence, type EvaluationEvidence } from "./run-evidence";

/** A proposal with what it did to the golden set. */
export interface CheckedProposal extends Proposal {
  golden: { after: GoldenAccuracy; verdict: GoldenVerdict };
}

/** The tuning report: what the stored runs say, and the changes that survived the golden set. */
export interface TuningReport {
  since: string;
  runs: { total: number; good: number; bad: number; unknown: number };
  currentQscoreThreshold: number;
  /** The golden set as configured today. */
  baseline: GoldenAccuracy;
  /** Changes that improve the golden set or leave it unchanged (the latter marked as such). */
  proposals: CheckedProposal[];
  /** Changes the evidence suggested but the golden set refused (a figure fell). */
  dropped: CheckedProposal[];
}

/** What the report reads from the store. */
export interface TuningInputs {
  since: string;
  transcripts: TranscriptDocument[];
  feedback: Feedback[];
  evaluations: EvaluationEvidence[];
}

/** What the report checks proposals against. */
export interface TuningContext {
  specialists: SpecialistSummary[];
  scope: ReferenceTopics;
  /** Supplier names and aliases in the data: never proposed as keywords or description terms. */
  supplierNames: string[];
  qscoreThreshold: number;
  goldenCases: GoldenCase[];
  /** The golden workflow (offline), wired with a change applied in memory. */
  ask: (tune: (deps: WorkflowDeps) => WorkflowDeps) => Promise<(question: string) => Promise<TranscriptDocument>>;
}

/**
 * Reads the evidence, proposes keyword, description and QSCORE-threshold changes, and runs the golden set once as
 * configured and once per proposal with that change applied in memory. Nothing is written anywhere.
 */
export async function buildTuningReport(inputs: TuningInputs, context: TuningContext): Promise<TuningReport> {
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
    proposals: checked.filter((proposal) => proposal.golden.verdict !== "regresses"),
    dropped: checked.filter((proposal) => proposal.golden.verdict === "regresses"),
  };
}
