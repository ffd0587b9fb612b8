import path from "node:path";
import type { AppConfig } from "../config";
import type { CanaryRecord, Log } from "../domain";
import { goldenWorkflow } from "../composition/workflow-deps";
import { createEvalModel } from "../eval/create-eval-model";
import { readGoldenSet } from "../eval/golden";
import { readCriteria } from "../eval/judge/criteria";
import { openPromptFiles } from "../eval/prompt-files";
import { runGoldenCanary } from "./golden-canary";
import { withJobContext } from "./job-context";

const OFFLINE_ENGINE = "offline engine";

/** Wires the golden-set canary from configuration and runs it once (the Functions timer, `npm run evaluate -- canary`). */
export async function runGoldenCanaryOnce(config: AppConfig, options: { dir?: string; log: Log }): Promise<CanaryRecord> {
  const cases = readGoldenSet(path.resolve(options.dir ?? config.env.GOLDEN_SET_DIR));
  const evalModel = createEvalModel(config);
  if ("skipped" in evalModel) options.log(`${evalModel.skipped}: only ToolCallAccuracy is checked`);
  const ask = await goldenWorkflow(config);
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
        deployedModels:
          config.provider.kind === "offline"
            ? { router: OFFLINE_ENGINE, specialist: OFFLINE_ENGINE, moderator: OFFLINE_ENGINE }
            : {
                router: config.models.router.deployment,
                specialist: config.models.specialist.deployment,
                moderator: config.models.moderator.deployment,
              },
      },
    }),
  );
}
