/*
 * `npm run evaluate -- <command>`: JSON lines on stdout, human lines on stderr; `golden` and `canary` exit 1 when a case fails. Without an
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
import { buildWorkflowDeps, goldenWorkflow } from "../composition/workflow-deps";
import { describeZodError } from "../domain/errors";
import { z } from "zod";
import { readFollowUpDialogues, runFollowUpDialogues } from "../eval/followups";
import { confusionTable, readGroundingQuestions, runGroundingSet, summariseGrounding } from "../eval/grounding";
import { measureScope, readScopeCases, scopeTable, type ScopeFigures } from "../eval/scope-figures";
import { buildQuestionVocabulary } from "../tools/question/vocabulary";
import { createInMemoryProcurementData, generateSampleDataSet } from "../tools";
import { rememberRun } from "../workflow/conversation-turn";
import { routeOnly, runQuestion } from "../workflow/runner";
import { groundingDataSets } from "./grounding-data-sets";
import { groundingVariants } from "../eval/grounding-variants";

const out = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
const err = (line: string) => process.stderr.write(`${line}\n`);

const USAGE = `Usage: npm run evaluate -- <command>
  metrics --input FILE.jsonl --metric tool-call-accuracy|agent-goal-accuracy|topic-adherence [--mode MODE] [--counting COVERAGE|REFUSAL] [--threshold 0.8] [--models a,b]
  judge --logs DIR [--criteria FILE]
  transcripts [--since ISO-8601]
  golden [--dir DIR] [--json]
  canary [--dir DIR]
  scope [--dir DIR]
  followups [--file FILE.json]
  grounding [--file FILE.json] [--import DIR]
  compare-modes [--dir DIR]
  tuning [--since ISO-8601 | --days N] [--dir DIR] [--json]
`;

// The commands over labelled fixtures of how questions are understood: scope, follow-ups and supplier grounding.

/** False refusals and out-of-scope recall: the offline engine always, and the configured model when there is one. */
async function scope(config: AppConfig, args: string[]): Promise<number> {
  const { values } = parseCommand(args, { usage: USAGE, options: { dir: { type: "string" } } });
  const dir = values.dir ?? path.resolve(process.cwd(), "test/fixtures/scope");
  const questions = (file: string) => z.array(z.string().min(1)).parse(JSON.parse(readFileSync(path.join(dir, file), "utf8")));
  const cases = readScopeCases(questions("in-scope.json"), questions("off-topic.json"));
  const data = createInMemoryProcurementData(generateSampleDataSet());
  const engines: { engine: string; config: AppConfig }[] = [
    { engine: "offline", config: { ...config, provider: { kind: "offline", reason: "scope baseline" } } },
  ];
  if (config.provider.kind !== "offline") engines.push({ engine: `${config.provider.kind} (${config.models.router.deployment})`, config });
  const rows: { engine: string; figures: ScopeFigures }[] = [];
  for (const { engine, config: engineConfig } of engines) {
    const deps = await buildWorkflowDeps(engineConfig, { data });
    const figures = await measureScope(cases, async (question) => (await routeOnly(deps, question)).inScope);
    for (const mistake of figures.mistakes)
      err(`${engine}: ${mistake.inScope ? "refused" : "answered"} ${JSON.stringify(mistake.question)}`);
    rows.push({ engine, figures });
  }
  process.stdout.write(`${scopeTable(rows)}\n`);
  return 0;
}

/** Plays each follow-up dialogue through the whole workflow in its own conversation: offline, then with the configured model if any. */
async function followups(config: AppConfig, args: string[]): Promise<number> {
  const { values } = parseCommand(args, { usage: USAGE, options: { file: { type: "string" } } });
  // By default every fixture: the dialogues in one language and those switching between English and Japanese.
  const files = values.file
    ? [values.file]
    : ["dialogues.json", "mixed-language.json"].map((file) => path.resolve(process.cwd(), "test/fixtures/followups", file));
  const dialogues = files.flatMap((file) => readFollowUpDialogues(file));
  const data = createInMemoryProcurementData(generateSampleDataSet());
  const vocabulary = await buildQuestionVocabulary(data);
  const offline: AppConfig = { ...config, provider: { kind: "offline", reason: "offline resolution rate" } };
  for (const provider of config.provider.kind === "offline" ? [offline] : [offline, config]) {
    const deps = await buildWorkflowDeps(provider, { data });
    const ask = async (question: string, conversationKey: string) => {
      const state = await runQuestion(deps, { question, conversationKey });
      await rememberRun(deps.memory, state);
      return state;
    };
    const name = provider.provider.kind === "offline" ? "offline" : `${provider.provider.kind} (${provider.models.router.deployment})`;
    const summary = await runFollowUpDialogues(dialogues, ask, vocabulary, new Date(), (result) => out({ provider: name, ...result }));
    out({ summary: { provider: name, ...summary } });
    err(
      `followups (${name}): ${summary.resolved}/${summary.turns} follow-up turns resolved = ${(summary.rate * 100).toFixed(1)}% over ${summary.dialogues} dialogues (target ≥ 90%)`,
    );
  }
  return 0;
}

/** Over the sample data and an imported vendor master. */
async function grounding(config: AppConfig, args: string[]): Promise<number> {
  const { values } = parseCommand(args, { usage: USAGE, options: { file: { type: "string" }, import: { type: "string" } } });
  const dataSets = await groundingDataSets(config, values.import ?? path.resolve(process.cwd(), "test/fixtures/import/vendors"));
  const questions = [
    ...readGroundingQuestions(values.file ?? path.resolve(process.cwd(), "test/fixtures/grounding/questions.json")),
    ...groundingVariants(dataSets.sample.suppliers, "sample"),
    ...groundingVariants(dataSets.imported.suppliers, "imported"),
  ];
  const results = await runGroundingSet(questions, dataSets, (result) => out(result));
  const summary = summariseGrounding(results);
  err(confusionTable(summary));
  err(
    `grounding (${config.provider.kind}): ${summary.correctResolutions}/${summary.questions} resolutions correct = ${(summary.resolutionRate * 100).toFixed(1)}% (target ≥ 95%), ${summary.widened} widened to all suppliers, ${summary.wrongFigures} wrong figures (target 0)`,
  );
  return summary.widened === 0 && summary.wrongFigures === 0 && summary.resolutionRate >= 0.95 ? 0 : 1;
}

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
