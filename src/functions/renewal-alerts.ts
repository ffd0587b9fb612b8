// First: starts Application Insights (when configured) before anything loads `http`.
import "../telemetry/preload";
/** Azure Functions v4 timer: maps the trigger to its job, nothing more. */
import { app, type InvocationContext, type Timer } from "@azure/functions";
import { loadConfig } from "../config";
import { runRenewalAlertsOnce } from "../jobs/renewal-alerts-runner";

const config = loadConfig();

app.timer("renewal-alerts", {
  schedule: config.env.RENEWAL_SCHEDULE,
  runOnStartup: false,
  handler: async (_timer: Timer, context: InvocationContext) => {
    const result = await runRenewalAlertsOnce(config, { log: (line) => context.log(line) });
    context.log(JSON.stringify(result));
    if ("failed" in result && result.failed > 0) context.warn(`${result.failed} renewal alert(s) not posted; a later run posts them`);
  },
});
