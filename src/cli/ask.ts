/**
 * `npm run ask -- [--json] [--trace] [--mode selective|handoff|group-chat] "<question>"`: answers one
 * question through the agent graph of the mode (ORCHESTRATION by default) with the configured model
 * (offline by default) over the sample data set, and prints it; `--trace` adds the run's trace id and
 * every executor's prompts, tool calls and replies.
 */
import { loadConfig } from "../config";
import { buildWorkflowDeps } from "../composition/workflow-deps";
import { ORCHESTRATION_MODES, describeError, type OrchestrationMode } from "../domain";
import { MemoryRunStore } from "../storage/memory-run-store";
import { createInMemoryProcurementData, generateSampleDataSet } from "../tools";
import { runQuestion } from "../workflow/runner";
import { toRunRecord } from "../workflow/run-record";
import { runTrace } from "../telemetry/run-trace";
import { formatRun } from "./format-run";
import { formatTrace } from "./format-trace";

const USAGE = `Usage: npm run ask -- [--json] [--trace] [--mode ${ORCHESTRATION_MODES.join("|")}] "<question>"\n`;

async function main(argv: string[]): Promise<number> {
  const json = argv.includes("--json");
  const trace = argv.includes("--trace");
  const modeAt = argv.indexOf("--mode");
  const mode = modeAt >= 0 ? argv[modeAt + 1] : undefined;
  if (modeAt >= 0 && !ORCHESTRATION_MODES.includes(mode as OrchestrationMode)) {
    process.stderr.write(`--mode must be one of ${ORCHESTRATION_MODES.join(", ")} (got ${JSON.stringify(mode ?? "")})\n${USAGE}`);
    return 2;
  }
  const question = argv.filter((arg, i) => arg !== "--json" && arg !== "--trace" && (modeAt < 0 || (i !== modeAt && i !== modeAt + 1))).join(" ").trim();
  if (!question) {
    process.stderr.write(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (config.provider.kind === "offline") process.stderr.write(`Model: offline engine (${config.provider.reason}).\n`);
  else process.stderr.write(`Model: ${config.provider.kind} (router ${config.models.router}, specialists ${config.models.specialist}, moderator ${config.models.moderator}).\n`);
  const deps = await buildWorkflowDeps(config, {
    data: createInMemoryProcurementData(generateSampleDataSet()),
    store: new MemoryRunStore(),
    events: {
      emit: (event) => {
        if (!json && event.type === "executor_completed")
          process.stderr.write(`  · ${event.executor}${event.round && event.round !== "initial" ? ` (${event.round})` : ""}: ${event.outcome} in ${event.durationMs} ms\n`);
      },
    },
  });
  const state = await runQuestion(deps, { question, mode: mode as OrchestrationMode | undefined });
  process.stdout.write(json ? `${JSON.stringify(toRunRecord(state), null, 2)}\n` : `\n${formatRun(state, deps.prompts.specialists)}\n`);
  if (trace) process.stdout.write(json ? `${JSON.stringify({ traceId: runTrace(state.runId).traceId, executorIo: state.executorIo ?? [] }, null, 2)}\n` : `\n${formatTrace(state)}\n`);
  return state.status === "failed" ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`${describeError(error)}\n`);
    process.exit(1);
  },
);
