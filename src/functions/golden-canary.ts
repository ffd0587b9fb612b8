// First: starts Application Insights (when configured) before anything loads `http`.
import "../telemetry/preload";
/** Azure Functions v4 timer: maps the trigger to its job, nothing more. */
import { app, type InvocationContext, type Timer } from "@azure/functions";
import { loadConfig } from "../config";
import { runGoldenCanaryOnce } from "../jobs/golden-canary-runner";

const config = loadConfig();

app.timer("golden-canary", {
  schedule: config.env.CANARY_SCHEDULE,
  runOnStartup: false,
  handler: async (_timer: Timer, context: InvocationContext) => {
    const record = await runGoldenCanaryOnce(config, { log: (line) => context.log(line) });
    const { id, cases, passed, failed, skipped, passRate } = record;
    context.log(JSON.stringify({ canaryRunId: id, cases, passed, failed, skipped, passRate, deployedModels: record.deployedModels }));
    for (const row of record.rows.filter((candidate) => candidate.status === "fail")) context.warn(JSON.stringify(row));
  },
});
