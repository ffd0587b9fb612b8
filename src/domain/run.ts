import type { RunUnderstanding } from "./conversation";
import type { ExecutorIo } from "./executor-io";
import type { Language } from "./language";
import type { Finding } from "./finding";
import type { ModeratorAnswer } from "./moderator-answer";
import type { RouterDecision } from "./router-decision";
import type { RunLifecycleRecord } from "./run-message";
import type { StreamPosition } from "./stream-position";

/** Where a run is; checkpoints are written at each boundary so a restart resumes from here. */
export type RunPhase = "understand" | "route" | "investigate" | "debate" | "converse" | "handoff" | "moderate" | "gate" | "reinvestigate" | "decide" | "done";

/**
 * How the specialists are orchestrated: `selective` (the Router picks 1–3, they answer in parallel),
 * `handoff` (one specialist at a time, each answering or handing the question on with a reason) or
 * `group-chat` (every participating specialist speaks in a fixed round-robin order, each seeing the
 * transcript so far). Each mode declares its own graph (src/workflow/modes/).
 */
export const ORCHESTRATION_MODES = ["selective", "handoff", "group-chat"] as const;

/** One hand-over in a handoff run: who passed the question to whom (a specialist id or `router`), why, and what they had found. */
export interface Handoff {
  from: string;
  to: string;
  reason: string;
  finding: Finding;
}
export type OrchestrationMode = (typeof ORCHESTRATION_MODES)[number];

/**
 * Terminal states are everything but `running`; every run ends in one the user is told about.
 * `out_of_scope`: the Router found the question is not about procurement; no specialist ran.
 * `needs_clarification`: a follow-up pointed at earlier context nothing resolved; the user is asked back.
 */
export type RunStatus = "running" | "completed" | "failed" | "awaiting_approval" | "out_of_scope" | "needs_clarification";

/** Outcome of one executor call, as recorded in events and telemetry. */
export type ExecutorOutcome = "ok" | "rate_limited" | "invalid_output" | "timeout" | "error" | "cancelled";

/** Something that happened in a run: executor start/end, tool calls and run-level milestones. No message text. */
export interface WorkflowEvent {
  type: "executor_started" | "executor_completed" | "tool_completed" | "phase_completed" | "run_completed" | "checkpoint_failed";
  runId: string;
  at: string;
  /**
   * Identifies one executor invocation (16 hex digits) on its start and end events and on the tool
   * calls it made (`parentStepId`): stored with the run, so a trace can be rebuilt as a tree by any process.
   */
  stepId?: string;
  parentStepId?: string;
  executor?: string;
  /** The tool a `tool_completed` event reports. */
  tool?: string;
  phase?: RunPhase;
  round?: "initial" | "debate" | "requery";
  durationMs?: number;
  model?: string;
  inputTokens?: number;
  outputTokens?: number;
  /** Of `inputTokens`, those the provider served from its prompt cache. */
  cachedInputTokens?: number;
  outcome?: ExecutorOutcome;
  attempt?: number;
  detail?: string;
}

/** Quality-gate bookkeeping: both scores are kept when the gate sends the answer back. */
export interface QualityRecord {
  initialScore: number | null;
  finalScore: number | null;
  retried: boolean;
}

/** Who asked, as ids only (no names or e-mails): lets the Teams layer deliver a late answer. */
export interface Requester {
  userId: string;
  aadObjectId?: string;
  conversationId: string;
  tenantId?: string;
  /** The message showing the run's progress (a Teams activity id), so a resumed run updates it. */
  progressActivityId?: string;
  /** The chat's streamed answer (personal chats), so a resumed run continues the same stream. */
  stream?: StreamPosition;
}

/** An approver's sign-off on a run's answer (an edit is already the answer's conclusion). */
export interface RunReview {
  approvalId: string;
  edited: boolean;
}

/**
 * The durable state of one run: the checkpoint document and, once terminal, the run record the
 * CLI prints. `schemaVersion` lets older stored runs be read after the shape changes.
 */
export interface RunState {
  schemaVersion: 1;
  runId: string;
  /** The message as the user wrote it. */
  question: string;
  /**
   * The question the agents answer: the message made complete with the conversation's context
   * (equal to `question` when it already stood alone). Set by the `understand` phase.
   */
  standaloneQuestion?: string;
  /** How the message was understood against the conversation's memory. */
  understanding?: RunUnderstanding;
  /** Whose memory the run reads (a chat, or one channel thread); absent for one-shot runs. */
  conversationKey?: string;
  language: Language;
  requester?: Requester;
  /** Absent on runs stored before modes existed: those are `selective`. */
  mode?: OrchestrationMode;
  status: RunStatus;
  phase: RunPhase;
  /** 1, or 2 when a failed Moderator made the whole flow run again. */
  attempts: number;
  startedAt: string;
  updatedAt: string;
  endedAt?: string;
  offline: boolean;
  decision?: RouterDecision;
  /** Set when every selected specialist failed and the Router was asked again without them. */
  rerouted?: { excluded: string[] };
  /** Group chat: how many speaking turns are done (a resumed run continues with the next). */
  turnsTaken?: number;
  /** Handoff: the specialist who has the question now, and the hand-overs so far. */
  speaker?: string;
  handoffs?: Handoff[];
  findings: Finding[];
  answer?: ModeratorAnswer;
  quality: QualityRecord;
  /** Why the answer needs a human, when it does (router, moderator, policy rules). */
  hitlReasons: string[];
  failure?: { message: string; correlationId: string };
  /** Set when the answer went through approval and was approved, so every later rendering says so. */
  review?: RunReview;
  /** Token totals; `cachedInputTokens` (part of `inputTokens`) once the provider reports prompt-cache hits. */
  usage: { inputTokens: number; outputTokens: number; cachedInputTokens?: number };
  /** Follow-up questions offered on the answer card, in the asker's language. */
  suggestedFollowUps?: string[];
  events: WorkflowEvent[];
  /** Queue-driven runs only: stage, owner and cards sent (see workflow/run-lifecycle.ts). */
  lifecycle?: RunLifecycleRecord;
  /** Each executor's prompts and replies, when STORE_EXECUTOR_IO is on. */
  executorIo?: ExecutorIo[];
}

/** The question routing, tools, approvals and evaluation work on: the standalone one once understood. */
export function questionToAnswer(state: Pick<RunState, "question" | "standaloneQuestion">): string {
  return state.standaloneQuestion ?? state.question;
}

/** True for statuses a run never leaves (except `awaiting_approval`, which an approver ends). */
export function isTerminal(status: RunStatus): boolean {
  return status !== "running";
}
