import { z } from "zod";
import {
  ExecutorIoSchema,
  ORCHESTRATION_MODES,
  FindingOutputSchema,
  ModeratorAnswerSchema,
  RequesterSchema,
  RunLifecycleRecordSchema,
  RouterOutputSchema,
  RunUnderstandingSchema,
  TranscriptToolCallSchema,
  type Finding,
  type RunState,
  type WorkflowEvent,
} from "../domain";

const OutcomeSchema = z.enum(["ok", "rate_limited", "invalid_output", "timeout", "error", "cancelled"]);
const PhaseSchema = z.enum(["understand", "route", "investigate", "debate", "converse", "handoff", "moderate", "gate", "reinvestigate", "decide", "done"]);

const WorkflowEventSchema = z.object({
  type: z.enum(["executor_started", "executor_completed", "tool_completed", "phase_completed", "run_completed", "checkpoint_failed"]),
  runId: z.string(),
  at: z.string(),
  stepId: z.string().optional(),
  parentStepId: z.string().optional(),
  executor: z.string().optional(),
  tool: z.string().optional(),
  phase: PhaseSchema.optional(),
  round: z.enum(["initial", "debate", "requery"]).optional(),
  durationMs: z.number().optional(),
  model: z.string().optional(),
  inputTokens: z.number().optional(),
  outputTokens: z.number().optional(),
  cachedInputTokens: z.number().optional(),
  outcome: OutcomeSchema.optional(),
  attempt: z.number().optional(),
  detail: z.string().optional(),
}) satisfies z.ZodType<WorkflowEvent>;

const FindingSchema = z.union([
  FindingOutputSchema.extend({
    specialist: z.string(),
    status: z.literal("ok"),
    toolCalls: z.array(TranscriptToolCallSchema),
    handoff: z.object({ to: z.string(), reason: z.string() }).optional(),
  }),
  z.object({ specialist: z.string(), status: z.literal("failed"), error: z.string(), toolCalls: z.array(TranscriptToolCallSchema) }),
]) satisfies z.ZodType<Finding>;

/** A stored run checkpoint (Cosmos `runs`), validated on every read. */
export const RunStateSchema = z.object({
  schemaVersion: z.literal(1),
  runId: z.string().min(1),
  question: z.string(),
  standaloneQuestion: z.string().optional(),
  understanding: RunUnderstandingSchema.optional(),
  conversationKey: z.string().optional(),
  language: z.enum(["en", "ja"]),
  requester: RequesterSchema.optional(),
  mode: z.enum(ORCHESTRATION_MODES).optional(),
  status: z.enum(["running", "completed", "failed", "awaiting_approval", "out_of_scope", "needs_clarification"]),
  phase: PhaseSchema,
  attempts: z.number().int(),
  startedAt: z.string(),
  updatedAt: z.string(),
  endedAt: z.string().optional(),
  offline: z.boolean(),
  // Checkpoints written before the Router decided scope were all answered as procurement questions.
  decision: RouterOutputSchema.extend({ inScope: z.boolean().default(true), scopeReason: z.string().default(""), fallback: z.boolean() }).optional(),
  rerouted: z.object({ excluded: z.array(z.string()) }).optional(),
  turnsTaken: z.number().int().min(0).optional(),
  speaker: z.string().optional(),
  handoffs: z.array(z.object({ from: z.string(), to: z.string(), reason: z.string(), finding: FindingSchema })).optional(),
  findings: z.array(FindingSchema),
  answer: ModeratorAnswerSchema.optional(),
  quality: z.object({ initialScore: z.number().nullable(), finalScore: z.number().nullable(), retried: z.boolean() }),
  hitlReasons: z.array(z.string()),
  failure: z.object({ message: z.string(), correlationId: z.string() }).optional(),
  review: z.object({ approvalId: z.string(), edited: z.boolean() }).optional(),
  usage: z.object({ inputTokens: z.number(), outputTokens: z.number(), cachedInputTokens: z.number().optional() }),
  suggestedFollowUps: z.array(z.string()).optional(),
  events: z.array(WorkflowEventSchema),
  lifecycle: RunLifecycleRecordSchema.optional(),
  executorIo: z.array(ExecutorIoSchema).optional(),
}) satisfies z.ZodType<RunState, z.ZodTypeDef, unknown>;
