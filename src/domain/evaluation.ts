import { z } from "zod";

const MetricResultRecordSchema = z
  .object({
    metric: z.string(),
    score: z.number().min(0).max(1).nullable(),
    scorable: z.boolean(),
    reason: z.string(),
    parts: z.record(z.unknown()),
  })
  .passthrough();

const JudgeResultRecordSchema = z
  .object({
    criterion_name: z.string(),
    verdict: z.enum(["PASS", "FAIL", "UNSURE"]),
    reasoning: z.string(),
    confidence_score: z.number().min(0).max(1),
    used_granularity: z.enum(["step_level", "phase_level", "global_summary"]),
    evidence: z.object({ units: z.array(z.string()), step_ids: z.array(z.number()), note: z.string().optional() }),
  })
  .passthrough();

/**
 * One transcript's evaluation (Cosmos `evaluations`, partition key `/transcriptId`). `id` is
 * derived from the transcript, so saving twice overwrites instead of duplicating.
 */
export const EvaluationRecordSchema = z.object({
  id: z.string().min(1),
  schemaVersion: z.literal(1),
  transcriptId: z.string().min(1),
  conversationId: z.string().min(1),
  /** The evaluated agent run. */
  runId: z.string().min(1),
  /** The job run that produced this record. */
  jobRunId: z.string().min(1),
  createdAt: z.string(),
  models: z.array(z.string()),
  metrics: z.array(MetricResultRecordSchema),
  judge: z
    .object({
      results: z.array(JudgeResultRecordSchema),
      decomposition: z.object({ source: z.enum(["model", "fallback"]), phases: z.number().int(), note: z.string().optional() }),
      contextSize: z.array(z.object({ granularity: z.string(), aggregatedTokens: z.number(), rawTokens: z.number(), ratio: z.number() })),
    })
    .nullable(),
});
export type EvaluationRecord = z.infer<typeof EvaluationRecordSchema>;

/** The id of a transcript's evaluation record. */
export function evaluationRecordId(transcriptId: string): string {
  return `eval-${transcriptId}`;
}

/** One metric or judge criterion scored on one transcript: ids, names and numbers only, never message text. */
export interface TranscriptEvaluatedProps {
  transcriptId: string;
  runId?: string;
  /** `AgentGoalAccuracy`, `TopicAdherence` (precision), `TopicRecall` or `Judge`. */
  metric: string;
  /** The judge criterion, when the metric is the judge. */
  criterion?: string;
  verdict?: "PASS" | "FAIL" | "UNSURE";
  score?: number;
  passed: boolean;
  model?: string;
  durationMs?: number;
  /** With several evaluation models: whether they disagree (each model's score is in the stored record). */
  disagreement?: boolean;
}

/** One canary run, as telemetry carries it: ids, model names and numbers only. */
export interface CanaryCompletedProps {
  canaryRunId: string;
  /** `failed` when the canary itself could not finish. */
  outcome: "completed" | "failed";
  provider: string;
  routerModel: string;
  specialistModel: string;
  moderatorModel: string;
  cases: number;
  passedCount: number;
  failedCount: number;
  skippedCount: number;
  /** passed / (passed + failed) over the checks; absent when nothing was scored. */
  passRate?: number;
  durationMs: number;
}

/** One kind of canary check (a metric, `Judge` with its criterion, or `Run`) over all cases. */
export interface CanaryScoredProps {
  canaryRunId: string;
  /** `ToolCallAccuracy`, `AgentGoalAccuracy`, `TopicAdherence`, `Judge` or `Run`. */
  metric: string;
  /** The Judge criterion as a slug (`no-invented-figures`): telemetry drops values with spaces. */
  criterion?: string;
  /** Mean score of the cases that have one. */
  score?: number;
  passRate: number;
}

/** A tool call in the agent-metrics sample model: a name and its arguments. */
export const SampleToolCallSchema = z.object({
  name: z.string().min(1),
  arguments: z.record(z.unknown()).default({}),
});
export type SampleToolCall = z.infer<typeof SampleToolCallSchema>;

/** One message of a multi-turn conversation (HumanMessage, AIMessage with toolCalls, ToolMessage). */
export const SampleMessageSchema = z.object({
  type: z.enum(["human", "ai", "tool"]),
  content: z.string(),
  toolCalls: z.array(SampleToolCallSchema).optional(),
});
export type SampleMessage = z.infer<typeof SampleMessageSchema>;

/** An evaluation sample for the agent metrics, also one line of the JSONL input format. */
export const SampleSchema = z.object({
  id: z.string().min(1),
  userInputMessages: z.array(SampleMessageSchema).min(1),
  reference: z.string().optional(),
  referenceTopics: z.array(z.string()).optional(),
  toolCalls: z.array(SampleToolCallSchema).optional(),
  /** Calls run for the agents before they asked (evidence fetched up front): scored apart from their own choices. */
  upFrontToolCalls: z.array(SampleToolCallSchema).optional(),
  referenceToolCalls: z.array(SampleToolCallSchema).optional(),
});
export type Sample = z.infer<typeof SampleSchema>;

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
