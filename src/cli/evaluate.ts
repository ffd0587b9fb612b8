/*
 * `npm run evaluate -- <command>` (`USAGE` in evaluate-understanding.ts). `golden` and `canary` exit 1 when a case fails. Without an
 * evaluation model, model-graded work prints "skipped: no evaluation model configured" and exits 0; ToolCallAccuracy always runs.
 */
import { parseCommand, refuse, runCommand, subcommand } from "./args";
import { readFileSync } from "node:fs";
import path from "node:path";
import { compareModesCommand } from "../../bench/compare-modes";
import { loadConfig, type AppConfig } from "../config";
import { SampleSchema, type CanaryRow } from "../domain";
import { createEvalModel } from "../eval/create-eval-model";
import { readGoldenSet, runGoldenSet } from "../eval/golden";
import { goldenRow, renderGoldenReport } from "../eval/golden-report";
import { readCriteria } from "../eval/judge/criteria";
import { judgeRun } from "../eval/judge/judge-run";
import { readHistoryLogs } from "../eval/judge/judge-step";
import { openPromptFiles } from "../eval/prompt-files";
import { isModelGraded, MetricOptionsSchema, scoreSample } from "../eval/score-sample";
import { DEFAULT_TUNING_DAYS, runEvaluateTranscriptsOnce, runGoldenCanaryOnce, runTuningReportOnce } from "../jobs/eval-runners";
import { renderTuningReport } from "../eval/tuning/tuning-report";
import { goldenWorkflow } from "../composition/workflow-deps";
import { describeZodError } from "../domain/errors";
import { err, followups, grounding, out, scope, USAGE } from "./evaluate-understanding";

async function metrics(config: AppConfig, args: string[]): Promise<number> {
  const { values } = parseCommand(args, {
    usage: USAGE,
    options: {
      input: { type: "string" },
      metric: { type: "string" },
      mode: { type: "string" },
      counting: { type: "string" },
      threshold: { type: "string" },
      models: { type: "string" },
    },
  });
  if (!values.input || !values.metric) return usage("metrics needs --input and --metric");
  const options = MetricOptionsSchema.safeParse({
    metric: values.metric,
    mode: values.mode,
    counting: values.counting,
    threshold: values.threshold === undefined ? undefined : Number(values.threshold),
    models: values.models
      ?.split(",")
      .map((model) => model.trim())
      .filter(Boolean),
  });
  if (!options.success) return usage(options.error.issues.map((issue) => `--${issue.path.join(".")}: ${issue.message}`).join("; "));
  const graded = isModelGraded(options.data.metric);
  const evalModel = graded ? createEvalModel(config) : { skipped: "ToolCallAccuracy needs no model" };
  if (graded && "skipped" in evalModel) err(evalModel.skipped);
  const lines = readFileSync(values.input, "utf8").split("\n");
  let invalid = 0;
  for (const [index, text] of lines.entries()) {
    if (!text.trim()) continue;
    const sample = SampleSchema.safeParse(safeJson(text));
    if (!sample.success) {
      invalid++;
      err(`${values.input}:${index + 1}: not a sample: ${describeZodError(sample.error)}`);
      continue;
    }
    const line = await scoreSample(sample.data, options.data, evalModel);
    if (typeof line.warning === "string") err(`${values.input}:${index + 1}: ${line.warning}`);
    out(line);
  }
  return invalid > 0 ? 1 : 0;
}

async function judge(config: AppConfig, args: string[]): Promise<number> {
  const { values } = parseCommand(args, { usage: USAGE, options: { logs: { type: "string" }, criteria: { type: "string" } } });
  if (!values.logs) return usage("judge needs --logs DIR");
  const criteria = readCriteria(values.criteria ?? openPromptFiles(config.env.PROMPTS_DIR).resolve("judge/criteria.yaml"));
  const runs = readHistoryLogs(values.logs);
  const evalModel = createEvalModel(config);
  if ("skipped" in evalModel) {
    err(evalModel.skipped);
    out({ skipped: evalModel.skipped, logs: runs.map((run) => run.id) });
    return 0;
  }
  for (const run of runs) out(await judgeRun(evalModel, run, criteria));
  return 0;
}

async function transcripts(config: AppConfig, args: string[]): Promise<number> {
  const { values } = parseCommand(args, { usage: USAGE, options: { since: { type: "string" } } });
  if (values.since !== undefined && Number.isNaN(Date.parse(values.since)))
    return usage(`--since must be an ISO date-time, got ${values.since}`);
  const summary = await runEvaluateTranscriptsOnce(config, { since: values.since, log: err });
  out(summary);
  return summary.failed.length > 0 ? 1 : 0;
}

async function golden(config: AppConfig, args: string[]): Promise<number> {
  const { values } = parseCommand(args, { usage: USAGE, options: { dir: { type: "string" }, json: { type: "boolean" } } });
  const cases = readGoldenSet(path.resolve(values.dir ?? config.env.GOLDEN_SET_DIR));
  const ask = await goldenWorkflow(config);
  err(`golden: ${cases.length} questions through the ${config.provider.kind} workflow`);
  const evalModel = createEvalModel(config);
  if ("skipped" in evalModel) err(`${evalModel.skipped}: model-graded metrics are skipped, ToolCallAccuracy runs`);
  const rows: CanaryRow[] = [];
  const summary = await runGoldenSet(cases, ask, evalModel, (line) => {
    rows.push(goldenRow(line));
    if (values.json) out(line);
  });
  if (values.json) out({ summary: { provider: config.provider.kind, ...summary } });
  else for (const line of renderGoldenReport(rows)) process.stdout.write(`${line}\n`);
  return rows.some((row) => row.status === "fail") ? 1 : 0;
}

async function canary(config: AppConfig, args: string[]): Promise<number> {
  const { values } = parseCommand(args, { usage: USAGE, options: { dir: { type: "string" } } });
  const record = await runGoldenCanaryOnce(config, { dir: values.dir, log: err });
  const { router, specialist, moderator } = record.deployedModels;
  const engine =
    record.provider === "offline"
      ? "the offline engine"
      : `${record.provider} (router ${router}, specialists ${specialist}, moderator ${moderator})`;
  err(`canary ${record.id}: ${record.cases} golden questions on ${engine}`);
  for (const line of renderGoldenReport(record.rows, { countSkipped: false })) process.stdout.write(`${line}\n`);
  return record.failed > 0 ? 1 : 0;
}

async function tuning(config: AppConfig, args: string[]): Promise<number> {
  const { values } = parseCommand(args, {
    usage: USAGE,
    options: { since: { type: "string" }, days: { type: "string" }, dir: { type: "string" }, json: { type: "boolean" } },
  });
  if (values.since !== undefined && values.days !== undefined) return usage("give --since or --days, not both");
  if (values.since !== undefined && Number.isNaN(Date.parse(values.since)))
    return usage(`--since must be an ISO date-time, got ${values.since}`);
  const days = values.days === undefined ? DEFAULT_TUNING_DAYS : Number(values.days);
  if (!Number.isInteger(days) || days <= 0) return usage(`--days must be a whole number of days above 0, got ${values.days}`);
  const since = values.since === undefined ? new Date(Date.now() - days * 86_400_000).toISOString() : new Date(values.since).toISOString();
  const report = await runTuningReportOnce(config, { since, dir: values.dir, log: err });
  if (values.json) out(report);
  else process.stdout.write(`${renderTuningReport(report)}\n`);
  return 0;
}

const usage = (problem: string) => refuse(problem, USAGE);

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const COMMANDS: Record<string, (config: AppConfig, args: string[]) => Promise<number>> = {
  metrics,
  judge,
  transcripts,
  golden,
  canary,
  scope,
  followups,
  grounding,
  "compare-modes": (_config, args) => compareModesCommand(args),
  tuning,
};

const withConfig = Object.entries(COMMANDS).map(([name, run]) => [name, (args: string[]) => run(loadConfig(), args)] as const);
runCommand((argv) => subcommand(argv, USAGE, Object.fromEntries(withConfig)));
