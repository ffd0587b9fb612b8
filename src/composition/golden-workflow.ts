import type { AppConfig } from "../config";
import type { TranscriptDocument } from "../domain";
import { buildTranscript, MemoryRunStore } from "../storage";
import { createInMemoryProcurementData, generateSampleDataSet } from "../tools";
import type { WorkflowDeps } from "../workflow/deps";
import { runQuestion } from "../workflow/runner";
import { buildWorkflowDeps } from "./workflow-deps";

/** Asks the workflow one question and returns the run as a transcript. */
export type AskWorkflow = (question: string) => Promise<TranscriptDocument>;

/**
 * The whole workflow on the configured models over the sample data set the golden cases are written
 * against, in memory (golden runs and the canary store their scores, never these runs). `tune` changes
 * the wired workflow in memory only (the tuning report's what-if runs), never a file.
 */
export async function goldenWorkflow(config: AppConfig, tune: (deps: WorkflowDeps) => WorkflowDeps = (deps) => deps): Promise<AskWorkflow> {
  const deps = tune(
    await buildWorkflowDeps(config, {
      data: createInMemoryProcurementData(generateSampleDataSet()),
      store: new MemoryRunStore(),
      events: { emit: () => undefined },
    }),
  );
  return async (question) => buildTranscript(await runQuestion(deps, { question }));
}
