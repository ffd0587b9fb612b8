import { existsSync } from "node:fs";
import path from "node:path";
import type { AppConfig } from "../config";
import type { CanaryRecord, Log } from "../domain";
import { goldenWorkflow } from "../composition/workflow-deps";
import { createEvalModel } from "../eval/create-eval-model";
import { goldenCaseLookup, readGoldenSet } from "../eval/golden";
import { readCriteria } from "../eval/judge/criteria";
import { openPromptFiles } from "../eval/prompt-files";
import { readReferenceTopics } from "../eval/reference-topics";
import { buildTuningReport, type TuningReport } from "../eval/tuning/tuning-report";
import { openCosmosStore } from "../storage";
import { loadPromptLibrary } from "../workflow/prompt-library";
import { evaluateTranscripts, type EvaluateTranscriptsDeps, type EvaluateTranscriptsSummary } from "./evaluate-transcripts";
import { runGoldenCanary } from "./golden-canary";
import { withJobContext } from "./job-context";

/** Wires the evaluation job from configuration and runs it once (the Functions timer, `npm run evaluate -- transcripts`). */
export async function runEvaluateTranscriptsOnce(
  config: AppConfig,
  options: { since?: string; log: Log },
): Promise<EvaluateTranscriptsSummary> {
  const evalModel = createEvalModel(config);
  if ("skipped" in evalModel) {
    options.log(evalModel.skipped);
    return { jobRunId: "", evaluated: [], failed: [], skipped: evalModel.skipped, scores: [], disagreements: 0 };
  }
  return withJobContext(config, options.log, ({ store, telemetry }) =>
    evaluateTranscripts(
      {
        source: store.transcripts,
        store: store.evaluations,
        telemetry,
        evalModel,
        criteria: readCriteria(evalModel.prompts.resolve("judge/criteria.yaml")),
        referenceTopics: readReferenceTopics(evalModel.prompts),
        ...goldenReferences(config.env.GOLDEN_SET_DIR, options.log),
      },
      { since: options.since, batchSize: config.env.EVAL_BATCH_SIZE, concurrency: config.env.EVAL_CONCURRENCY },
    ),
  );
}

/** Without the golden set (not shipped) every transcript is still scored, without references, and the log says so. */
function goldenReferences(dir: string, log: Log): Pick<EvaluateTranscriptsDeps, "goldenCaseFor"> {
  if (!existsSync(dir)) {
    log(`no golden set at ${path.resolve(dir)} (GOLDEN_SET_DIR): stored runs are scored without golden references`);
    return {};
  }
  return { goldenCaseFor: goldenCaseLookup(readGoldenSet(dir)) };
}

/** Wires the golden-set canary from configuration and runs it once (the Functions timer, `npm run evaluate -- canary`). */
export async function runGoldenCanaryOnce(config: AppConfig, options: { dir?: string; log: Log }): Promise<CanaryRecord> {
  const cases = readGoldenSet(path.resolve(options.dir ?? config.env.GOLDEN_SET_DIR));
  const evalModel = createEvalModel(config);
  if ("skipped" in evalModel) options.log(`${evalModel.skipped}: only ToolCallAccuracy is checked`);
  const ask = await goldenWorkflow(config);
  const deployed = (role: "router" | "specialist" | "moderator") =>
    config.provider.kind === "offline" ? "offline engine" : config.models[role].deployment;
  return withJobContext(config, options.log, ({ store, telemetry }) =>
    runGoldenCanary({
      cases,
      ask,
      evalModel,
      criteria: readCriteria(openPromptFiles(config.env.PROMPTS_DIR).resolve("judge/criteria.yaml")),
      store: store.canaryRuns,
      telemetry,
      deployment: {
        provider: config.provider.kind,
        deployedModels: { router: deployed("router"), specialist: deployed("specialist"), moderator: deployed("moderator") },
      },
    }),
  );
}

export const DEFAULT_TUNING_DAYS = 30;
const MAX_TUNING_RUNS = 5_000;

/** The tuning report from the stored runs, checked on the offline workflow: the same figures on every machine, no model cost. */
export async function runTuningReportOnce(config: AppConfig, options: { since: string; dir?: string; log: Log }): Promise<TuningReport> {
  const goldenCases = readGoldenSet(path.resolve(options.dir ?? config.env.GOLDEN_SET_DIR));
  const offline: AppConfig = { ...config, provider: { kind: "offline", reason: "the tuning report checks proposals offline" } };
  const store = await openCosmosStore(config, { log: options.log });
  try {
    const [transcripts, feedback, evaluations] = await Promise.all([
      store.transcripts.listFinished({ since: options.since, limit: MAX_TUNING_RUNS }),
      store.feedback.listSince(options.since),
      store.evaluations.listSince(options.since),
    ]);
    options.log(`tuning: ${transcripts.length} runs, ${feedback.length} votes, ${evaluations.length} evaluations since ${options.since}`);
    return await buildTuningReport(
      { since: options.since, transcripts, feedback, evaluations },
      {
        specialists: loadPromptLibrary(config.workflow.promptsDir).specialists,
        scope: readReferenceTopics(openPromptFiles(config.env.PROMPTS_DIR)),
        supplierNames: (await store.toolData.listSuppliers()).flatMap((supplier) => [supplier.name, ...supplier.aliases]),
        qscoreThreshold: config.workflow.qscoreThreshold,
        goldenCases,
        ask: (tune) => goldenWorkflow(offline, tune),
      },
    );
  } finally {
    await store.close();
  }
}
