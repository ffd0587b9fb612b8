// The interfaces the workflow core owns; adapters implement them and only composition roots build them. No SDK here.
import type { z } from "zod";
import type {
  Approval,
  ContentFilterVerdict,
  ConversationTurn,
  ConversationEntityKind,
  EntityResolution,
  EvidenceItem,
  ExecutorOutcome,
  Language,
  ModelToolCall,
  RunMessage,
  ModelFamily,
  QuestionCue,
  ReasoningEffort,
  RunCard,
  RunRecord,
  RunState,
  TokenUsage,
  WorkflowEvent,
} from "../domain";

// The shapes that cross these ports are declared once, in the domain.
export type { Clock, ModelToolCall, TokenUsage, ToolMessageContent } from "../domain";

// ---------------------------------------------------------------- ChatModel

export type ChatMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string; toolCalls?: ModelToolCall[] }
  | { role: "tool"; content: string; toolCallId: string };

/** A function the model may call; adapters derive the JSON schema from the zod parameters. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: z.ZodTypeAny;
  /** Read only by the evidence planner; model adapters send the name, description and parameters. */
  relevance?: ToolRelevance;
}

/**
 * When a question calls for a tool without a model asking: when every cue of any one set holds for
 * it. A tool without one is called when its parameters can be filled and nothing more specific was chosen.
 */
export interface ToolRelevance {
  relevantWhen: readonly (readonly QuestionCue[])[];
}

export interface PlannedToolCall {
  name: string;
  args: Record<string, unknown>;
}

/**
 * The tool calls a question's resolved entities and topics imply, decided without a model so it runs while the Router
 * decides: `plan` a specialist's share of the evidence fetched up front, `guess` the specialists worth starting early.
 */
export interface EvidencePlanner {
  plan(question: { text: string; language: Language }, specialist: { keywords: string[] }, tools: ToolSpec[]): Promise<PlannedToolCall[]>;
  guess(question: { text: string }, specialists: { id: string; keywords: string[]; tools: ToolSpec[] }[]): Promise<string[]>;
}

export interface ChatRequest {
  /** Sent as the `x-agent-id` header (`router`, `moderator`, `contract`, …). */
  agentId: string;
  /** For Azure: the deployment name. */
  model: string;
  /** The model behind the deployment, when the configuration states it (`gpt-5.4`, `gpt-5.4@2026-03-05`). */
  baseModel?: string;
  /** The request rules to follow; absent: from the model, by the adapter. */
  family?: ModelFamily;
  reasoningEffort?: ReasoningEffort;
  messages: ChatMessage[];
  /** Sent only to families that take it (never to reasoning models). */
  temperature: number;
  /** The completion budget: visible answer and, on reasoning models, their reasoning tokens. */
  maxTokens: number;
  timeoutMs: number;
  signal?: AbortSignal;
  /** A structured answer: strict JSON schema derived from this zod schema. */
  output?: { name: string; schema: z.ZodTypeAny };
  tools?: ToolSpec[];
  /**
   * Receives the structured answer parsed as far as it has arrived, while the model writes it (only
   * with `output`; adapters that cannot stream never call it). The final outcome is unchanged.
   */
  onPartialOutput?: (partial: unknown) => void;
}

/** Expected outcomes are values, not exceptions. Bugs still throw. */
export type ChatOutcome =
  ({ kind: "ok"; content: string; toolCalls: ModelToolCall[] } & CallCost) | FailedCall<Exclude<ExecutorOutcome, "ok" | "invalid_output">>;

/** What a model call, or a step's calls, cost: tokens, time, attempts, and the model that answered (last). */
export interface CallCost {
  usage: TokenUsage;
  durationMs: number;
  attempts: number;
  model: string;
}

/** A model call, or a step's calls, that brought no usable value: why, and what it cost. */
export interface FailedCall<Kind extends ExecutorOutcome> extends CallCost {
  kind: Kind;
  cause: string;
  /** For `content_filter`: whether the prompt or the answer was filtered, and the categories (never text). */
  filter?: ContentFilterVerdict;
}

export interface ChatModel {
  /** `offline` for the deterministic engine; its replies are labelled so. */
  readonly kind: "azure-openai" | "openai-compatible" | "offline";
  complete(request: ChatRequest): Promise<ChatOutcome>;
}

// ---------------------------------------------------------------- Tools

/** What a tool returns: the data the model sees, citable evidence (most relevant first), and a digest for transcripts. */
export interface ToolResult {
  data: unknown;
  evidence: EvidenceItem[];
  /** One line with the ids and figures that matter, e.g. "3 contracts: CTR-0012, CTR-0040, …". */
  digest: string;
  /** The names the tool was given and what it resolved them to (the answer states what it could not resolve). */
  resolution?: EntityResolution;
}

// `any` by default so that tools with different arguments sit in one list; each tool's own zod
// schema validates its arguments before `run` sees them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface ToolDefinition<Args = any> extends Omit<ToolSpec, "parameters"> {
  parameters: z.ZodType<Args>;
  /** Which kind of entity each argument names (`{ supplier: "suppliers" }`): what a run remembers it looked up. */
  argumentKinds?: Partial<Record<keyof Args & string, ConversationEntityKind>>;
  /** Worded in `language` (the question's): its quotes and digest come from the strings tables. */
  run(args: Args, language?: Language): Promise<ToolResult>;
}

export interface ToolRegistry {
  get(name: string): ToolDefinition | undefined;
  list(): ToolDefinition[];
}

// ---------------------------------------------------------------- State, time, events

/** Durable runs: the workflow checkpoints its state; the worker reads and conditionally writes the whole record. */
export interface RunStore {
  /**
   * Writes the workflow's state. A worker's fenced store keeps the run's stored lifecycle; a plain
   * store serves writers owning the run outright (no queue), so the stage follows the status.
   */
  checkpoint(state: RunState): Promise<void>;
  load(runId: string): Promise<RunState | undefined>;
  read(runId: string): Promise<Versioned<RunRecord> | undefined>;
  /** Only if still at `etag` (without one: only if not stored yet), so a worker that lost its lease cannot overwrite a newer checkpoint. */
  write(record: RunRecord, etag: string | undefined): Promise<ConditionalWrite>;
}

/** The runs a conversation's questions started: for operators and test rigs (the workflow always knows its run id). */
export interface ConversationRuns {
  /** Oldest first. */
  ofConversation(conversationId: string): Promise<RunRecord[]>;
}

/** A stored record and the etag a conditional write of it must name (every store: runs, approvals, the rest). */
export interface Versioned<T> {
  value: T;
  etag: string;
}

export type ConditionalWrite = { kind: "written"; etag: string } | { kind: "conflict" };

/** One stored record, written only if still at `etag` (without one: only if nothing is stored yet); what `updateVersioned` works on. */
export interface VersionedRecord<T> {
  read(): Promise<Versioned<T> | undefined>;
  write(value: T, etag: string | undefined): Promise<ConditionalWrite>;
}

// ---------------------------------------------------------------- Run queue

/**
 * A run queue with competing consumers. A received message is invisible to other consumers for
 * its lease; the holder renews the lease while the run makes progress and completes it once the
 * run has reached a final or waiting state. A message whose holder dies becomes visible again.
 */
export interface RunQueue {
  /** Where the queue lives, for logs (no secrets). */
  readonly description: string;
  /** Adds a message; rejects when the queue is unreachable (the caller must tell the user). */
  enqueue(message: RunMessage): Promise<void>;
  receive(max: number, leaseSeconds: number): Promise<LeasedMessage[]>;
  /** Moves a message that keeps failing aside, kept for inspection (never expires). */
  quarantine(message: LeasedMessage, reason: string): Promise<void>;
  close(): Promise<void>;
}

export interface LeasedMessage {
  readonly id: string;
  /** Raw: the consumer validates it (a message is an external boundary). */
  readonly body: string;
  /** This delivery included. */
  readonly deliveryCount: number;
  /** Rejects when the lease was lost. */
  renew(leaseSeconds: number): Promise<void>;
  complete(): Promise<void>;
  release(delaySeconds: number): Promise<void>;
  /** Moves the message to the back of the queue as a new one whose deliveries start again: waiting its turn is no failed delivery. */
  requeue(delaySeconds: number): Promise<void>;
}

/**
 * The one way a run's card reaches its requester (the Teams layer implements it). Whether a card is
 * sent at all is the owned run's decision (once per run); recording and remembering are lifecycle subscribers.
 */
export interface RunDelivery {
  /** To the requester's conversation (`state.reference`); resolves with the sent activity id when there is one. */
  send(card: RunCard, state: RunState): Promise<string | undefined>;
}

export interface RunApprovals {
  /** Stores the run's approval once (keyed by the run) and posts the approver card; throws when it cannot be stored. */
  request(state: RunState): Promise<void>;
  get(approvalId: string): Promise<Approval | undefined>;
  /**
   * A decision's message: `resume` runs the decided approval's run (true once it has ended), then the approver card
   * shows how it ended, once; a pending or unknown approval's message is dropped.
   */
  resumeDecided(approvalId: string, resume: (decided: Approval) => Promise<boolean>): Promise<void>;
}

/**
 * What a conversation (a chat, or one channel thread) remembers of its last turns, so follow-ups can
 * be understood. Implementations keep the turns within a token budget and forget them after a TTL.
 */
export interface ConversationMemory {
  /** Oldest first; none when the conversation is new, reset or expired. */
  recall(conversationKey: string): Promise<ConversationTurn[]>;
  /** Drops the oldest turns beyond the budget and restarts the TTL. */
  remember(conversationKey: string, turn: ConversationTurn): Promise<void>;
  forget(conversationKey: string): Promise<void>;
}

/**
 * Receives the answer's conclusion while the Moderator writes it, so the asker can read it before the
 * answer is complete. The text may end mid-word and may start over (a repair or a re-ask). Must not throw.
 */
export interface AnswerPreview {
  conclusion(runId: string, textSoFar: string): void;
}

/** Where workflow events go (progress cards, telemetry, the run record). Must not throw. */
export interface EventSink {
  emit(event: WorkflowEvent): void;
}
