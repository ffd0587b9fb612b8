import type { AppConfig } from "../config";
import type { TranscriptDocument } from "../domain";
import { buildTranscript, MemoryRunStore } from "../storage";
import { createInMemoryProcurementData, generateSampleDataSet } from "../tools";
import type { WorkflowDeps } from "../workflow/deps";
import { runQuestion } from "../workflow/runner";
import { buildWorkflowDeps } from "./workflow-deps";

export type AskWorkflow = (question: string) => Promise<TranscriptDocument>;

/** The whole workflow in memory over the sample data the golden cases are written against; `tune` changes the wiring in memory only (what-if runs). */
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
