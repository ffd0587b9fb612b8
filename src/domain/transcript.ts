import { z } from "zod";
import { ExecutorIoSchema, SpecialistRoundSchema } from "./agent-input";
import { ToolCallRecordSchema } from "./finding";
import { LanguageSchema } from "./language";
import { QualityRecordSchema, RunStatusSchema } from "./run";
import { SampleMessageSchema } from "./evaluation";

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

/**
 * A stored run transcript (Cosmos `transcripts`, partition key `/conversationId`). Ids only: no user
 * names or e-mail addresses. Retained for TRANSCRIPT_TTL_DAYS through the container's TTL.
 */
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
