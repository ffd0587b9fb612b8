// First: starts Application Insights (when configured) before anything loads `http`.
import "../telemetry/preload";
import { app, type InvocationContext } from "@azure/functions";
import { loadConfig } from "../config";
import type { Log } from "../domain";
import { runApprovalMaintenanceOnce } from "../jobs/approval-maintenance-runner";
import { runEvaluateTranscriptsOnce, runGoldenCanaryOnce } from "../jobs/eval-runners";
import { runRenewalAlertsOnce } from "../jobs/renewal-alerts";

const config = loadConfig();

function timer(name: string, schedule: string, tick: (context: InvocationContext, log: Log) => Promise<void>): void {
  app.timer(name, { schedule, runOnStartup: false, handler: (_timer, context) => tick(context, (line) => context.log(line)) });
}

timer("approval-maintenance", config.env.APPROVAL_SCHEDULE, async (context, log) => {
  const result = await runApprovalMaintenanceOnce(config, { log });
  context.log(JSON.stringify(result));
  if ("failed" in result && result.failed > 0)
    context.warn(`${result.failed} approval(s) could not be maintained; they are retried on the next run`);
});

timer("evaluate-transcripts", config.env.EVAL_SCHEDULE, async (context, log) => {
  const summary = await runEvaluateTranscriptsOnce(config, { log });
  const { jobRunId, disagreements, failed, skipped } = summary;
  context.log(JSON.stringify({ jobRunId, evaluated: summary.evaluated.length, disagreements, failed, skipped }));
  // Each transcript's per-model scores, so a run's log shows where the evaluation models disagree.
  for (const transcript of summary.scores) context.log(JSON.stringify(transcript));
  if (summary.failed.length > 0)
    context.warn(`${summary.failed.length} transcript(s) could not be evaluated; they are retried on the next run`);
});

timer("golden-canary", config.env.CANARY_SCHEDULE, async (context, log) => {
  const record = await runGoldenCanaryOnce(config, { log });
  const { id, cases, passed, failed, skipped, passRate } = record;
  context.log(JSON.stringify({ canaryRunId: id, cases, passed, failed, skipped, passRate, deployedModels: record.deployedModels }));
  for (const row of record.rows.filter((candidate) => candidate.status === "fail")) context.warn(JSON.stringify(row));
});

timer("renewal-alerts", config.env.RENEWAL_SCHEDULE, async (context, log) => {
  const result = await runRenewalAlertsOnce(config, { log });
  context.log(JSON.stringify(result));
  if ("failed" in result && result.failed > 0) context.warn(`${result.failed} renewal alert(s) not posted; a later run posts them`);
});
