import { z } from "zod";
import { RunUnderstandingSchema } from "./conversation";
import { ExecutorIoSchema, ModeratorAnswerSchema, RouterDecisionSchema, SpecialistRoundSchema } from "./agent-input";
import { FindingSchema } from "./finding";
import { LanguageSchema } from "./language";
import { UnsupportedRunVersionError } from "./errors";
import { ReferenceSchema, RequesterSchema } from "./run-message";

/** How the specialists are orchestrated; each mode declares its own graph (src/workflow/modes/) and its own part of the run state below. */
export const ORCHESTRATION_MODES = ["selective", "handoff", "group-chat"] as const;
export type OrchestrationMode = (typeof ORCHESTRATION_MODES)[number];

/** Selective: set when every selected specialist failed and the Router was asked again without them. */
const SelectiveStateSchema = z.object({
  mode: z.literal("selective"),
  rerouted: z.object({ excluded: z.array(z.string()) }).optional(),
});

/** Group chat: how many speaking turns are done (a resumed run continues with the next). */
const GroupChatStateSchema = z.object({
  mode: z.literal("group-chat"),
  turnsTaken: z.number().int().min(0).default(0),
});

/** One hand-over in a handoff run: who passed the question to whom (a specialist id or `router`), why, and what they had found. */
const HandoffSchema = z.object({ from: z.string(), to: z.string(), reason: z.string(), finding: FindingSchema });

/** Handoff: the specialist who has the question now (none before the Router chose), and the hand-overs so far. */
const HandoffStateSchema = z.object({
  mode: z.literal("handoff"),
  speaker: z.string().optional(),
  handoffs: z.array(HandoffSchema).default([]),
});

const ModeStateSchema = z.discriminatedUnion("mode", [SelectiveStateSchema, GroupChatStateSchema, HandoffStateSchema]);
export type ModeState = z.infer<typeof ModeStateSchema>;
export type ModeStateOf<M extends OrchestrationMode> = Extract<ModeState, { mode: M }>;

export function initialModeState<M extends OrchestrationMode>(mode: M): ModeStateOf<M> {
  // The variants' defaults are their initial values; parsing `{ mode }` yields exactly the variant of `mode`.
  return ModeStateSchema.parse({ mode }) as ModeStateOf<M>;
}

/** A step of one mode running on another mode's run is a bug in a graph, not a model outcome, and throws. */
export function modeStateOf<M extends OrchestrationMode>(state: { modeState: ModeState }, mode: M): ModeStateOf<M> {
  const { modeState } = state;
  if (modeState.mode !== mode) throw new Error(`a ${mode} step ran on a ${modeState.mode} run`);
  // Checked just above: TypeScript does not narrow a union by a generic discriminant.
  return modeState as ModeStateOf<M>;
}

/** Where a run is; checkpoints are written at each boundary so a restart resumes from here. */
export const RunPhaseSchema = z.enum([
  "understand",
  "route",
  "investigate",
  "debate",
  "converse",
  "handoff",
  "moderate",
  "gate",
  "reinvestigate",
  "decide",
  "approve",
  "done",
]);
export type RunPhase = z.infer<typeof RunPhaseSchema>;

/** A run's one status, read in workflow/run-status.ts; docs/architecture.md §3b gives each one's phase and card. */
export const RunStatusSchema = z.enum([
  "queued",
  "running",
  "answered",
  "failed",
  "awaiting_approval",
  "out_of_scope",
  "needs_clarification",
  "blocked",
  "rejected",
  "expired",
  "poisoned",
]);
export type RunStatus = z.infer<typeof RunStatusSchema>;

/** Outcome of one executor call, as recorded in events and telemetry. */
export const ExecutorOutcomeSchema = z.enum([
  "ok",
  "rate_limited",
  "invalid_output",
  "timeout",
  "error",
  "cancelled",
  // The model service's content filter refused the prompt or stopped the answer.
  "content_filter",
  // The answer was cut off at the token budget, even after one larger budget.
  "truncated",
  // The model declined to answer (a structured-output refusal), with its reason.
  "refused",
]);
export type ExecutorOutcome = z.infer<typeof ExecutorOutcomeSchema>;

export const TokenUsageSchema = z.object({
  inputTokens: z.number(),
  outputTokens: z.number(),
  /** Of `inputTokens`, those served from the provider's prompt cache (billed at a discount); absent when the provider does not say. */
  cachedInputTokens: z.number().optional(),
  /** Of `outputTokens`, those a reasoning model spent thinking (billed as output); absent when the provider does not say. */
  reasoningTokens: z.number().optional(),
});
export type TokenUsage = z.infer<typeof TokenUsageSchema>;

/** Something that happened in a run: executor start/end, tool calls and run-level milestones. No message text. */
export const WorkflowEventSchema = z.object({
  type: z.enum([
    "executor_started",
    "executor_completed",
    "tool_completed",
    "phase_completed",
    "run_completed",
    "checkpoint_failed",
    "content_filtered",
    "citations_dropped",
  ]),
  runId: z.string(),
  at: z.string(),
  /** One executor call (16 hex digits) on its start and end events and its tool calls' `parentStepId`: any process rebuilds the trace. */
  stepId: z.string().optional(),
  parentStepId: z.string().optional(),
  executor: z.string().optional(),
  tool: z.string().optional(),
  phase: RunPhaseSchema.optional(),
  round: SpecialistRoundSchema.optional(),
  durationMs: z.number().optional(),
  model: z.string().optional(),
  ...TokenUsageSchema.partial().shape,
  outcome: ExecutorOutcomeSchema.optional(),
  attempt: z.number().optional(),
  detail: z.string().optional(),
  /** A `citations_dropped` event: how many distinct citations an executor wrote that no tool returned in the run. */
  droppedCitations: z.number().int().positive().optional(),
  /** A `content_filtered` event: whether the prompt or the answer was filtered, and the categories (never text). */
  filter: z.lazy(() => ContentFilterVerdictSchema).optional(),
});
export type WorkflowEvent = z.infer<typeof WorkflowEventSchema>;

/** What a content filter said: whether it refused the prompt or stopped the answer, and which categories (never the text). */
export const ContentFilterVerdictSchema = z.object({
  source: z.enum(["prompt", "completion"]),
  categories: z.array(z.string()),
});
export type ContentFilterVerdict = z.infer<typeof ContentFilterVerdictSchema>;

/** Quality-gate bookkeeping: both scores are kept when the gate sends the answer back. */
export const QualityRecordSchema = z.object({
  initialScore: z.number().nullable(),
  finalScore: z.number().nullable(),
  retried: z.boolean(),
});

/** Why the answer needs a human, then the approval's id and decision (an edit is already the conclusion; a rejection has its reason). */
const RunApprovalSchema = z.object({
  reasons: z.array(z.string()),
  id: z.string().optional(),
  decision: z.enum(["approved", "edited", "rejected", "expired"]).optional(),
  reason: z.string().optional(),
});

/** A shape change bumps it; a release reads only its own and refuses others, never migrating them (docs/deploy.md: how it rolls out). */
export const RUN_SCHEMA_VERSION = 2;

/** The workflow's durable state of one run: the `state` of its stored record (`RunRecordSchema` below, validated on every read). */
export const RunStateSchema = z.object({
  schemaVersion: z.literal(RUN_SCHEMA_VERSION),
  runId: z.string().min(1),
  question: z.string(),
  /** The message made complete with the conversation's context by the `understand` phase: the question the agents answer. */
  standaloneQuestion: z.string().optional(),
  understanding: RunUnderstandingSchema.optional(),
  /** Whose memory the run reads (a chat, or one channel thread); absent for one-shot runs. */
  conversationKey: z.string().optional(),
  language: LanguageSchema,
  requester: RequesterSchema.optional(),
  /** Copied from the question's message when the run is first stored: every card of the run, however late, is sent through it. */
  reference: ReferenceSchema.optional(),
  modeState: ModeStateSchema,
  status: RunStatusSchema,
  phase: RunPhaseSchema,
  /** 1, or 2 when a failed Moderator made the whole flow run again. */
  attempts: z.number().int(),
  startedAt: z.string(),
  updatedAt: z.string(),
  endedAt: z.string().optional(),
  offline: z.boolean(),
  decision: RouterDecisionSchema.optional(),
  findings: z.array(FindingSchema),
  answer: ModeratorAnswerSchema.optional(),
  quality: QualityRecordSchema,
  failure: z
    .object({
      /** What went wrong, for operators (telemetry, logs, notices): never shown to the asker, who gets the error card's words. */
      message: z.string(),
      correlationId: z.string(),
      /** Set when the answer needed an approval that could not be stored: the asker is told to try again. */
      approvalNotStored: z.literal(true).optional(),
    })
    .optional(),
  /** Set when the content filter refused the question: which executor's call, and the categories. */
  blocked: z.object({ executor: z.string(), categories: z.array(z.string()) }).optional(),
  /** Set when the answer needs a human; its decision, so every later rendering of an approved answer says so. */
  approval: RunApprovalSchema.optional(),
  usage: TokenUsageSchema,
  suggestedFollowUps: z.array(z.string()).optional(),
  events: z.array(WorkflowEventSchema),
  /** Each executor's prompts and replies, when STORE_EXECUTOR_IO is on. */
  executorIo: z.array(ExecutorIoSchema).optional(),
});
export type RunState = z.infer<typeof RunStateSchema>;

/** Why the run's answer needs a human: the run's approval reasons, else the Moderator's own. */
export function approvalReasonsOf(state: Pick<RunState, "approval" | "answer">): string[] {
  const reasons = state.approval?.reasons ?? [];
  return reasons.length > 0 ? reasons : state.answer?.hitlReason ? [state.answer.hitlReason] : [];
}

/** The question routing, tools, approvals and evaluation work on: the standalone one once understood. */
export function questionToAnswer(state: Pick<RunState, "question" | "standaloneQuestion">): string {
  return state.standaloneQuestion ?? state.question;
}

/** The cards a run shows its requester, each sent at most once per run. */
export const RunCardSchema = z.enum([
  "answer",
  "out_of_scope",
  "clarification",
  "error",
  "approval_request",
  "approval_unavailable",
  "blocked",
  "approval_rejected",
  "approval_expired",
]);
export type RunCard = z.infer<typeof RunCardSchema>;

/** One card's send record: claimed by an owner before sending, the activity id stored after. */
export const CardSendSchema = z.object({ claimedBy: z.string(), claimedAt: z.string(), activityId: z.string().optional() });

/** The lifecycle part of a run document: current owner (a worker's lease) and the cards sent; the status is the state's. */
export const RunLifecycleRecordSchema = z.object({
  /** The worker holding the run (instance id and delivery), written with an etag condition. */
  owner: z.string().optional(),
  /** When the current owner claimed the run: a takeover shows how long the run waited for a survivor. */
  claimedAt: z.string().optional(),
  /** The owner before the current one, when the run was taken over (from a dead or stopped instance). */
  takenOverFrom: z.string().optional(),
  owners: z.number().int().min(0),
  sent: z.record(RunCardSchema, CardSendSchema),
});
export type RunLifecycleRecord = z.infer<typeof RunLifecycleRecordSchema>;

// One stored run: the lifecycle, which only the worker writes, beside the workflow's state with the run's one status (the worker
// sets only `queued`, `running` on a claim and `poisoned`). Kept apart so neither resets the other's fields.
export const RunRecordSchema = z.object({ lifecycle: RunLifecycleRecordSchema, state: RunStateSchema });
export type RunRecord = z.infer<typeof RunRecordSchema>;

/** Refuses a stored run of another schema version (or none) before anything reads its fields: it is never migrated or misread. */
export function assertRunVersion(runId: string, document: unknown): void {
  const state = z.object({ state: z.record(z.unknown()) }).safeParse(document).data?.state;
  const version = state?.schemaVersion;
  if (version === RUN_SCHEMA_VERSION) return;
  const reference = ReferenceSchema.safeParse(state?.reference);
  throw new UnsupportedRunVersionError(runId, version, RUN_SCHEMA_VERSION, reference.success ? reference.data : undefined);
}

/** Runs in the order they were asked (ties by id, so every store lists them alike). */
export function oldestFirst(records: RunRecord[]): RunRecord[] {
  return [...records].sort((a, b) => a.state.startedAt.localeCompare(b.state.startedAt) || a.state.runId.localeCompare(b.state.runId));
}
