import { z } from "zod";
import { ExecutorIoSchema, SpecialistRoundSchema } from "./agent-input";
import { ToolCallRecordSchema } from "./finding";
import { LanguageSchema } from "./language";
import { QualityRecordSchema, RunStatusSchema } from "./run";

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

/** One transcript's evaluation (Cosmos `evaluations`, `/transcriptId`): its id derives from the transcript, so saving twice overwrites. */
export const EvaluationRecordSchema = z.object({
  id: z.string().min(1),
  schemaVersion: z.literal(1),
  transcriptId: z.string().min(1),
  conversationId: z.string().min(1),
  runId: z.string().min(1),
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

const CanaryRowSchema = z.object({
  id: z.string().min(1),
  /** `tool-call-accuracy`, `agent-goal-accuracy`, `topic-adherence`, `judge: <criterion>` or `run`. */
  metric: z.string().min(1),
  score: z.number().min(0).max(1).nullable(),
  status: z.enum(["pass", "fail", "skip"]),
  note: z.string(),
});
export type CanaryRow = z.infer<typeof CanaryRowSchema>;

/** One golden-set canary run against the deployed models (Cosmos `canaryRuns`, partition key `/id`). */
export const CanaryRecordSchema = z.object({
  id: z.string().min(1),
  schemaVersion: z.literal(1),
  startedAt: z.string(),
  endedAt: z.string(),
  outcome: z.enum(["completed", "failed"]),
  error: z.string().optional(),
  provider: z.string(),
  deployedModels: z.object({ router: z.string(), specialist: z.string(), moderator: z.string() }),
  evalModels: z.array(z.string()),
  cases: z.number().int().min(0),
  passed: z.number().int().min(0),
  failed: z.number().int().min(0),
  skipped: z.number().int().min(0),
  passRate: z.number().min(0).max(1).nullable(),
  rows: z.array(CanaryRowSchema),
});
export type CanaryRecord = z.infer<typeof CanaryRecordSchema>;

/** One executor's step in a run (router, a specialist in a round, the moderator). */
const TranscriptStepSchema = z.object({
  step: z.number().int().positive(),
  executor: z.string(),
  phase: z.string(),
  round: SpecialistRoundSchema.optional(),
  startedAt: z.string(),
  durationMs: z.number(),
  model: z.string().optional(),
  inputTokens: z.number().default(0),
  outputTokens: z.number().default(0),
  /** Of `inputTokens`, those served from the provider's prompt cache (0 when it reported none). */
  cachedInputTokens: z.number().default(0),
  /** Of `outputTokens`, those a reasoning model spent thinking (0 when it reported none). */
  reasoningTokens: z.number().default(0),
  outcome: z.string(),
  /** Why the executor did what it did (router reason, specialist summary, moderator critique). */
  rationale: z.string(),
  /** What it did, in one line ("selected contract, spend", "called searchContracts", "answered qscore 86"). */
  action: z.string(),
  toolCalls: z.array(ToolCallRecordSchema).default([]),
});
export type TranscriptStep = z.infer<typeof TranscriptStepSchema>;

/** A stored run transcript (Cosmos `transcripts`, `/conversationId`): ids only, no names or e-mails; kept TRANSCRIPT_TTL_DAYS (TTL). */
export const TranscriptDocumentSchema = z.object({
  id: z.string(), // = runId
  schemaVersion: z.literal(1),
  runId: z.string(),
  conversationId: z.string(),
  userId: z.string().optional(),
  question: z.string(),
  /** The question as the agents answered it, when the conversation's memory completed a follow-up. */
  standaloneQuestion: z.string().optional(),
  language: LanguageSchema,
  status: RunStatusSchema,
  offline: z.boolean(),
  startedAt: z.string(),
  endedAt: z.string().optional(),
  decision: z.record(z.unknown()).optional(),
  steps: z.array(TranscriptStepSchema),
  /** The run as an agent-metrics conversation: human question, ai turns with toolCalls, tool results. */
  conversation: z.array(SampleMessageSchema),
  answer: z.record(z.unknown()).optional(),
  quality: QualityRecordSchema,
  hitlReasons: z.array(z.string()).default([]),
  /** How many citations of records no tool returned in the run were dropped (specialists' and the Moderator's). */
  droppedCitations: z.number().int().nonnegative().default(0),
  /** Each executor's rendered prompts, tool calls and replies (STORE_EXECUTOR_IO). */
  executorIo: z.array(ExecutorIoSchema).optional(),
  /** Set by the evaluation job once it has scored this transcript. */
  evaluatedAt: z.string().optional(),
  ttl: z.number().int().optional(),
});
export type TranscriptDocument = z.infer<typeof TranscriptDocumentSchema>;
