import { randomUUID } from "node:crypto";
import { describeError, systemClock, type CanaryRecord, type CanaryRow, type TranscriptDocument } from "../domain";
import type { EvalModel } from "../eval/eval-model";
import { GOLDEN_METRICS, type GoldenCase } from "../eval/golden";
import { countRows, goldenRow } from "../eval/golden-report";
import type { Criterion } from "../eval/judge/criteria";
import { judgeRun } from "../eval/judge/judge-run";
import { transcriptToSample } from "../eval/samples/transcript-to-sample";
import { transcriptToJudgeRun } from "../eval/samples/transcript-to-steps";
import type { MetricName } from "../eval/metrics/metric-result";
import { scoreSample } from "../eval/score-sample";
import { TELEMETRY_METRIC_NAMES } from "./evaluate-transcripts";
import type { Telemetry } from "../telemetry";

export interface GoldenCanaryDeps {
  cases: GoldenCase[];
  ask: (question: string) => Promise<TranscriptDocument>;
  evalModel: EvalModel | { skipped: string };
  criteria: Criterion[];
  store: { save(record: CanaryRecord): Promise<void> };
  telemetry: Pick<Telemetry, "event">;
  deployment: Pick<CanaryRecord, "provider" | "deployedModels">;
}

const JUDGE_PREFIX = "judge: ";

/** Run statuses in which the bot answered (an answer held for approval is still an answer). */
const ANSWERED = new Set<TranscriptDocument["status"]>(["answered", "awaiting_approval"]);

/** Asks every golden question of the deployed models and scores it; an unanswered question fails its case, anything else fails the canary run and rethrows. */
export async function runGoldenCanary(deps: GoldenCanaryDeps): Promise<CanaryRecord> {
  const now = () => systemClock.now();
  const startedAt = now();
  const header = {
    id: `canary-${startedAt.toISOString()}-${randomUUID().slice(0, 8)}`,
    schemaVersion: 1 as const,
    startedAt: startedAt.toISOString(),
    ...deps.deployment,
    evalModels: "skipped" in deps.evalModel ? [] : deps.evalModel.models,
    cases: deps.cases.length,
  };
  const rows: CanaryRow[] = [];
  const ended = (failure?: { error: string }): CanaryRecord => {
    const outcome = failure ? "failed" : "completed";
    return { ...header, endedAt: now().toISOString(), outcome, ...failure, ...tally(rows), rows };
  };
  try {
    for (const golden of deps.cases) rows.push(...(await checkCase(deps, golden)));
    const record = ended();
    await deps.store.save(record);
    report(deps.telemetry, record, startedAt, now());
    return record;
  } catch (error) {
    report(deps.telemetry, ended({ error: describeError(error) }), startedAt, now());
    throw error;
  }
}

async function checkCase(deps: GoldenCanaryDeps, golden: GoldenCase): Promise<CanaryRow[]> {
  let transcript: TranscriptDocument;
  try {
    transcript = await deps.ask(golden.question);
  } catch (error) {
    return [{ id: golden.id, metric: "run", score: null, status: "fail", note: `the workflow failed: ${describeError(error)}` }];
  }
  const rows: CanaryRow[] = ANSWERED.has(transcript.status)
    ? []
    : [{ id: golden.id, metric: "run", score: null, status: "fail", note: `the run ended ${transcript.status}, not with an answer` }];
  const { reference, referenceTopics, referenceToolCalls } = golden;
  const sample = { ...transcriptToSample(transcript, { reference, referenceTopics, referenceToolCalls }), id: golden.id };
  for (const options of GOLDEN_METRICS) rows.push(goldenRow(await scoreSample(sample, options, deps.evalModel)));
  rows.push(...(await judgeRows(deps, golden.id, transcript)));
  return rows;
}

/** One row per Judge criterion: only a PASS passes (FAIL and UNSURE fail: the canary must not hide doubt). */
async function judgeRows(deps: GoldenCanaryDeps, id: string, transcript: TranscriptDocument): Promise<CanaryRow[]> {
  if ("skipped" in deps.evalModel) return [{ id, metric: "judge", score: null, status: "skip", note: deps.evalModel.skipped }];
  const judged = await judgeRun(deps.evalModel, transcriptToJudgeRun(transcript), deps.criteria);
  return judged.results.map((result) => ({
    id,
    metric: `${JUDGE_PREFIX}${result.criterion_name}`,
    score: result.confidence_score,
    status: result.verdict === "PASS" ? "pass" : "fail",
    note: `${result.verdict}: ${result.reasoning}`,
  }));
}

function tally(rows: CanaryRow[]): Pick<CanaryRecord, "passed" | "failed" | "skipped" | "passRate"> {
  const counts = countRows(rows);
  const scored = counts.pass + counts.fail;
  return { passed: counts.pass, failed: counts.fail, skipped: counts.skip, passRate: scored === 0 ? null : counts.pass / scored };
}

/** One `CanaryCompleted`, then one `CanaryScored` per check kind (numbers only). */
function report(telemetry: GoldenCanaryDeps["telemetry"], record: CanaryRecord, startedAt: Date, endedAt: Date): void {
  telemetry.event("CanaryCompleted", {
    canaryRunId: record.id,
    outcome: record.outcome,
    provider: record.provider,
    routerModel: record.deployedModels.router,
    specialistModel: record.deployedModels.specialist,
    moderatorModel: record.deployedModels.moderator,
    cases: record.cases,
    passedCount: record.passed,
    failedCount: record.failed,
    skippedCount: record.skipped,
    ...(record.passRate !== null ? { passRate: record.passRate } : {}),
    durationMs: endedAt.getTime() - startedAt.getTime(),
  });
  const kinds = [...new Set(record.rows.filter((row) => row.status !== "skip").map((row) => row.metric))];
  for (const kind of kinds) {
    const rows = record.rows.filter((row) => row.metric === kind && row.status !== "skip");
    const scores = rows.flatMap((row) => (row.score === null ? [] : [row.score]));
    telemetry.event("CanaryScored", {
      canaryRunId: record.id,
      ...telemetryMetric(kind),
      ...(scores.length > 0 ? { score: scores.reduce((sum, score) => sum + score, 0) / scores.length } : {}),
      passRate: rows.filter((row) => row.status === "pass").length / rows.length,
    });
  }
}

function telemetryMetric(kind: string): { metric: string; criterion?: string } {
  if (kind.startsWith(JUDGE_PREFIX))
    return { metric: "Judge", criterion: kind.slice(JUDGE_PREFIX.length).trim().toLowerCase().replace(/\s+/g, "-") };
  return { metric: kind in TELEMETRY_METRIC_NAMES ? TELEMETRY_METRIC_NAMES[kind as MetricName] : "Run" };
}
