// First: starts Application Insights (when configured) before anything loads `http`.
import "../telemetry/preload";
/** Azure Functions v4 timer: maps the trigger to its job, nothing more. */
import { app, type InvocationContext, type Timer } from "@azure/functions";
import { loadConfig } from "../config";
import { runEvaluateTranscriptsOnce } from "../jobs/evaluate-transcripts-runner";

const config = loadConfig();

app.timer("evaluate-transcripts", {
  schedule: config.env.EVAL_SCHEDULE,
  runOnStartup: false,
  handler: async (_timer: Timer, context: InvocationContext) => {
    const summary = await runEvaluateTranscriptsOnce(config, { log: (line) => context.log(line) });
    context.log(
      JSON.stringify({
        jobRunId: summary.jobRunId,
        evaluated: summary.evaluated.length,
        disagreements: summary.disagreements,
        failed: summary.failed,
        skipped: summary.skipped,
      }),
    );
    // Each transcript's per-model scores, so a run's log shows where the evaluation models disagree.
    for (const transcript of summary.scores) context.log(JSON.stringify(transcript));
    if (summary.failed.length > 0)
      context.warn(`${summary.failed.length} transcript(s) could not be evaluated; they are retried on the next run`);
  },
});
