/**
 * The interfaces the workflow core owns. Adapters (src/llm, src/tools, src/storage, src/telemetry)
 * implement them; only composition roots build concrete adapters. Nothing here imports an SDK.
 */
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

/** One chat message in the OpenAI Chat Completions shape. */
export type ChatMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string; toolCalls?: ModelToolCall[] }
  | { role: "tool"; content: string; toolCallId: string };

/** A function the model may call; parameters are a zod object (adapters derive the JSON schema). */
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

/** A tool call chosen from the question alone, before any model is asked. */
export interface PlannedToolCall {
  name: string;
  args: Record<string, unknown>;
}

/**
 * Which tools the question's resolved entities (suppliers, categories, years, amounts) and topics call
 * for, with their arguments, decided without a model so it runs while the Router decides: `plan` is a
 * specialist's share of the evidence fetched up front, `guess` the specialists worth starting early
 * (those whose declared tools the question calls for and whose keywords it uses, best first).
 */
export interface EvidencePlanner {
  plan(question: { text: string; language: Language }, specialist: { keywords: string[] }, tools: ToolSpec[]): Promise<PlannedToolCall[]>;
  guess(question: { text: string }, specialists: { id: string; keywords: string[]; tools: ToolSpec[] }[]): Promise<string[]>;
}

/** One request to a chat model. */
export interface ChatRequest {
  /** Which agent is calling (`router`, `moderator`, `contract`, …): sent as the `x-agent-id` header. */
  agentId: string;
  /** Model name (for Azure: the deployment name). */
  model: string;
  /** The model behind the deployment, when the configuration states it (`gpt-5.4`, `gpt-5.4@2026-03-05`). */
  baseModel?: string;
  /** The request rules to follow; absent: from the model, by the adapter. */
  family?: ModelFamily;
  /** How long a reasoning model may think (ignored by other families). */
  reasoningEffort?: ReasoningEffort;
  messages: ChatMessage[];
  /** Sent only to families that take it (never to reasoning models). */
  temperature: number;
  /** The completion budget: visible answer and, on reasoning models, their reasoning tokens. */
  maxTokens: number;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Ask for a structured answer (strict JSON schema derived from this zod schema). */
  output?: { name: string; schema: z.ZodTypeAny };
  /** Functions the model may call instead of answering. */
  tools?: ToolSpec[];
  /**
   * Receives the structured answer parsed as far as it has arrived, while the model writes it (only
   * with `output`; adapters that cannot stream never call it). The final outcome is unchanged.
   */
  onPartialOutput?: (partial: unknown) => void;
}

/** Expected outcomes are values, not exceptions. Bugs still throw. */
export type ChatOutcome =
  | {
      kind: "ok";
      content: string;
      toolCalls: ModelToolCall[];
      usage: TokenUsage;
      durationMs: number;
      attempts: number;
      model: string;
    }
  | FailedCall<Exclude<ExecutorOutcome, "ok" | "invalid_output">>;

/** A model call, or a step's calls, that brought no usable value: why, and what it cost. */
export interface FailedCall<Kind extends ExecutorOutcome> {
  kind: Kind;
  cause: string;
  /** For `content_filter`: whether the prompt or the answer was filtered, and the categories (never text). */
  filter?: ContentFilterVerdict;
  usage: TokenUsage;
  durationMs: number;
  attempts: number;
  model: string;
}

/** A chat completion endpoint (Azure OpenAI, OpenAI-compatible, or the offline engine). */
export interface ChatModel {
  /** `offline` for the deterministic engine; replies are labelled accordingly. */
  readonly kind: "azure-openai" | "openai-compatible" | "offline";
  complete(request: ChatRequest): Promise<ChatOutcome>;
}

// ---------------------------------------------------------------- Tools

/** What a tool returns: the data the model sees, citable evidence, and a digest for transcripts. */
export interface ToolResult {
  data: unknown;
  /** Citable items (ids, quotes, figures) drawn from `data`, most relevant first. */
  evidence: EvidenceItem[];
  /** One line with the ids and figures that matter, e.g. "3 contracts: CTR-0012, CTR-0040, …". */
  digest: string;
  /** The names the tool was given and what it resolved them to (the answer states what it could not resolve). */
  resolution?: EntityResolution;
}

/** A read-only data tool a specialist may call. */
// `any` by default so that tools with different arguments sit in one list; each tool's own zod
// schema validates its arguments before `run` sees them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface ToolDefinition<Args = any> {
  name: string;
  description: string;
  parameters: z.ZodType<Args>;
  /** Which kind of entity each argument names (`{ supplier: "suppliers" }`): what a run remembers it looked up. */
  argumentKinds?: Partial<Record<keyof Args & string, ConversationEntityKind>>;
  relevance?: ToolRelevance;
  /** Worded in `language` (the question's): its quotes and digest come from the strings tables. */
  run(args: Args, language?: Language): Promise<ToolResult>;
}

/** The tools known to the process, by name. */
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
  /** The run record (lifecycle and state) with its version tag, for a conditional write. */
  read(runId: string): Promise<Versioned<RunRecord> | undefined>;
  /**
   * Writes the record only if it is still at version `etag` (or, without one, only if it does not
   * exist yet): a worker that lost its lease cannot overwrite a newer checkpoint.
   */
  write(record: RunRecord, etag: string | undefined): Promise<ConditionalWrite>;
}

/**
 * The runs a conversation's questions started, found through the store that knows how a run is
 * stored: for operators and test rigs, not the workflow's own path (which always knows its run id).
 */
export interface ConversationRuns {
  /** The conversation's runs, oldest first; none when it started none. */
  ofConversation(conversationId: string): Promise<RunRecord[]>;
}

/**
 * A stored record and the version tag (etag) a conditional write of it must name: the one shape every
 * store uses for runs, approvals and the rest.
 */
export interface Versioned<T> {
  value: T;
  etag: string;
}

/** A conditional write's outcome, in every store: written (with the new version), or someone else wrote first. */
export type ConditionalWrite = { kind: "written"; etag: string } | { kind: "conflict" };

/**
 * One stored record seen through a conditional write: read with its version; written only if it is
 * still at `etag` (or, without one, only if nothing is stored yet). What `updateVersioned` works on.
 */
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
  /** Where the queue lives (no secrets), for logs. */
  readonly description: string;
  /** Adds a message; rejects when the queue is unreachable (the caller must tell the user). */
  enqueue(message: RunMessage): Promise<void>;
  /** Takes up to `max` visible messages, each leased for `leaseSeconds`. */
  receive(max: number, leaseSeconds: number): Promise<LeasedMessage[]>;
  /** Moves a message that keeps failing aside, kept for inspection (never expires). */
  quarantine(message: LeasedMessage, reason: string): Promise<void>;
  close(): Promise<void>;
}

/** A message held under a lease. */
export interface LeasedMessage {
  readonly id: string;
  /** The raw text (validated by the consumer: a message is an external boundary). */
  readonly body: string;
  /** How many times the message has been received, this delivery included. */
  readonly deliveryCount: number;
  /** Extends the lease to `leaseSeconds` from now; rejects when the lease was lost. */
  renew(leaseSeconds: number): Promise<void>;
  /** Removes the message: its run reached a final or waiting state. */
  complete(): Promise<void>;
  /** Gives the message back, visible again after `delaySeconds`. */
  release(delaySeconds: number): Promise<void>;
  /**
   * Puts the message at the back of the queue, visible after `delaySeconds`, as a new message whose
   * deliveries start again (waiting its turn is no failed delivery), and removes this one.
   */
  requeue(delaySeconds: number): Promise<void>;
}

/**
 * The one way a run's card reaches its requester (the Teams layer implements it). Whether a card is
 * sent at all is the owned run's decision (once per run); recording and remembering are lifecycle subscribers.
 */
export interface RunDelivery {
  /** Sends `card` for the run to its requester's conversation (`state.reference`); resolves with the sent activity id when there is one. */
  send(card: RunCard, state: RunState): Promise<string | undefined>;
}

/** The approvals room as a run's approval node and the worker use it. */
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
  /** The remembered turns, oldest first; none when the conversation is new, reset or expired. */
  recall(conversationKey: string): Promise<ConversationTurn[]>;
  /** Adds a turn (dropping the oldest beyond the budget) and restarts the TTL. */
  remember(conversationKey: string, turn: ConversationTurn): Promise<void>;
  /** Forgets every turn of the conversation (`reset`). */
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
