import { existsSync } from "node:fs";
import path from "node:path";
import type { AppConfig } from "../config";
import { createEvalModel } from "../eval/create-eval-model";
import { goldenCaseLookup, readGoldenSet } from "../eval/golden";
import { readCriteria } from "../eval/judge/criteria";
import { openPromptFiles } from "../eval/prompt-files";
import { readReferenceTopics } from "../eval/reference-topics";
import { evaluateTranscripts, type EvaluateTranscriptsDeps, type EvaluateTranscriptsSummary } from "./evaluate-transcripts";
import type { Log } from "../domain";
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
  const prompts = openPromptFiles(config.env.PROMPTS_DIR);
  return withJobContext(config, options.log, ({ store, telemetry }) =>
    evaluateTranscripts(
      {
        source: store.transcripts,
        store: store.evaluations,
        telemetry,
        evalModel,
        criteria: readCriteria(prompts.resolve("judge/criteria.yaml")),
        referenceTopics: readReferenceTopics(prompts),
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
