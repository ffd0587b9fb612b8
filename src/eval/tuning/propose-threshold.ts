import type { Proposal } from "./proposal";
import { signals, type RunEvidence } from "./run-evidence";

/** The thresholds considered (the gate sends back a first answer scoring below the threshold). */
const CANDIDATES = [50, 55, 60, 65, 70, 75, 80, 85, 90, 95];
/** Fewer good and bad runs with a QSCORE than this say nothing about where the threshold belongs. */
const MIN_LABELLED_RUNS = 4;

/**
 * The QSCORE threshold that best separates badly received runs (which the gate should have sent
 * back: first QSCORE below it) from well received ones (which it should have let through), over the
 * runs with a known outcome. Proposed only when it misjudges fewer runs than the current threshold;
 * ties go to the threshold nearest the current one.
 */
export function proposeQscoreThreshold(runs: RunEvidence[], current: number): Proposal[] {
  const labelled = runs.filter(
    (run): run is RunEvidence & { initialQscore: number } => run.outcome !== "unknown" && run.initialQscore !== null,
  );
  if (
    labelled.length < MIN_LABELLED_RUNS ||
    !labelled.some((run) => run.outcome === "bad") ||
    !labelled.some((run) => run.outcome === "good")
  )
    return [];
  const misjudged = (threshold: number) =>
    labelled.filter((run) => (run.outcome === "bad" ? run.initialQscore >= threshold : run.initialQscore < threshold));
  const best = [...CANDIDATES].sort(
    (a, b) => misjudged(a).length - misjudged(b).length || Math.abs(a - current) - Math.abs(b - current),
  )[0];
  const before = misjudged(current);
  const after = misjudged(best);
  if (after.length >= before.length) return [];
  const fixed = before.filter((run) => !after.includes(run));
  return [
    {
      change: { kind: "qscore-threshold", from: current, to: best },
      summary: `of ${labelled.length} runs with feedback or an evaluation, the gate at ${current} misjudges ${before.length}, at ${best} ${after.length}`,
      evidence: fixed.map((run) => ({
        runId: run.runId,
        question: run.question,
        why: `first QSCORE ${run.initialQscore}, ${run.outcome === "bad" ? `badly received (${signals(run)})` : "well received"}`,
      })),
    },
  ];
}
