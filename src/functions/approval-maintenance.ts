// First: starts Application Insights (when configured) before anything loads `http`.
import "../telemetry/preload";
/** Azure Functions v4 timer: maps the trigger to its job, nothing more. */
import { app, type InvocationContext, type Timer } from "@azure/functions";
import { loadConfig } from "../config";
import { runApprovalMaintenanceOnce } from "../jobs/approval-maintenance-runner";

const config = loadConfig();

app.timer("approval-maintenance", {
  schedule: config.env.APPROVAL_SCHEDULE,
  runOnStartup: false,
  handler: async (_timer: Timer, context: InvocationContext) => {
    const result = await runApprovalMaintenanceOnce(config, { log: (line) => context.log(line) });
    context.log(JSON.stringify(result));
    if ("failed" in result && result.failed > 0)
      context.warn(`${result.failed} approval(s) could not be maintained; they are retried on the next run`);
  },
});
