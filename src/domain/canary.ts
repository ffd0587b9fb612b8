import { z } from "zod";

/** One check of a canary case: a metric, a Judge criterion, or the run itself when it did not answer. */
const CanaryRowSchema = z.object({
  /** The golden case id. */
  id: z.string().min(1),
  /** `tool-call-accuracy`, `agent-goal-accuracy`, `topic-adherence`, `judge: <criterion>` or `run`. */
  metric: z.string().min(1),
  score: z.number().min(0).max(1).nullable(),
  status: z.enum(["pass", "fail", "skip"]),
  note: z.string(),
});
export type CanaryRow = z.infer<typeof CanaryRowSchema>;

/**
 * One golden-set canary run against the deployed models (Cosmos `canaryRuns`, partition key `/id`):
 * which models answered, every case's checks and the pass rate over the checks that were scored.
 */
export const CanaryRecordSchema = z.object({
  id: z.string().min(1),
  schemaVersion: z.literal(1),
  startedAt: z.string(),
  endedAt: z.string(),
  /** `failed` when the canary itself could not finish (the error says why); its checks are then incomplete. */
  outcome: z.enum(["completed", "failed"]),
  error: z.string().optional(),
  provider: z.string(),
  /** The deployments (or model names) the workflow's roles used. */
  deployedModels: z.object({ router: z.string(), specialist: z.string(), moderator: z.string() }),
  evalModels: z.array(z.string()),
  cases: z.number().int().min(0),
  passed: z.number().int().min(0),
  failed: z.number().int().min(0),
  skipped: z.number().int().min(0),
  /** passed / (passed + failed); null when nothing was scored. */
  passRate: z.number().min(0).max(1).nullable(),
  rows: z.array(CanaryRowSchema),
});
export type CanaryRecord = z.infer<typeof CanaryRecordSchema>;
