// The `evaluate` commands over labelled fixtures of how questions are understood: scope, follow-ups and supplier grounding.
import { parseCommand } from "./args";
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { AppConfig } from "../config";
import { buildWorkflowDeps } from "../composition/workflow-deps";
import { readFollowUpDialogues, runFollowUpDialogues } from "../eval/followups";
import { confusionTable, readGroundingQuestions, runGroundingSet, summariseGrounding } from "../eval/grounding";
import { measureScope, readScopeCases, scopeTable, type ScopeFigures } from "../eval/scope-figures";
import { buildQuestionVocabulary } from "../tools/question/vocabulary";
import { createInMemoryProcurementData, generateSampleDataSet } from "../tools";
import { rememberRun } from "../workflow/conversation-turn";
import { routeOnly, runQuestion } from "../workflow/runner";
import { groundingDataSets } from "./grounding-data-sets";
import { groundingVariants } from "../eval/grounding-variants";

// `npm run evaluate` prints JSON lines on stdout, human lines on stderr.
export const out = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
export const err = (line: string) => process.stderr.write(`${line}\n`);

export const USAGE = `Usage: npm run evaluate -- <command>
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

/** False refusals and out-of-scope recall: the offline engine always, and the configured model when there is one. */
export async function scope(config: AppConfig, args: string[]): Promise<number> {
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
export async function followups(config: AppConfig, args: string[]): Promise<number> {
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
export async function grounding(config: AppConfig, args: string[]): Promise<number> {
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
