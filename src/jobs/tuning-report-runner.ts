import path from "node:path";
import type { AppConfig } from "../config";
import { goldenWorkflow } from "../composition/workflow-deps";
import { readGoldenSet } from "../eval/golden";
import { openPromptFiles } from "../eval/prompt-files";
import { readReferenceTopics } from "../eval/reference-topics";
import { buildTuningReport, type TuningReport } from "../eval/tuning/tuning-report";
import { openCosmosStore } from "../storage";
import { loadPromptLibrary } from "../workflow/prompt-library";
import type { Log } from "../domain";

export const DEFAULT_TUNING_DAYS = 30;
const MAX_TUNING_RUNS = 5_000;

/** Checked on the offline workflow: the same figures on every machine, no model cost. */
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
