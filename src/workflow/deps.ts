import type { JpyRates } from "../domain/amounts";
import type { OrchestrationMode } from "../domain";
import type { PromptLibrary } from "./prompt-library";
import type { AnswerPreview, ChatModel, Clock, ConversationMemory, EventSink, RunStore, ToolRegistry } from "./ports";

/** The workflow's tunables (all from configuration; see src/config). */
export interface WorkflowSettings {
  /** The mode of a run that names none. */
  orchestration: OrchestrationMode;
  /** Group chat: rounds, and who speaks in which order (empty: every registered specialist). */
  groupChat: { rounds: number; specialists: string[] };
  /** Handoff: how many hand-overs a run may make before the speaker must answer. */
  maxHandoffs: number;
  qscoreThreshold: number;
  maxSpecialists: number;
  /** How many top-priority specialists the quality gate re-asks (1–2). */
  requerySpecialists: number;
  timeouts: { routerMs: number; specialistMs: number; moderatorMs: number; runBudgetMs: number };
  maxToolRounds: number;
  /** Start Knowledge together with the Router and keep it only if selected. */
  speculativeKnowledge: boolean;
  /** Keep each executor's prompts, tool calls and replies in the run state (and so its transcript). */
  storeExecutorIo: boolean;
  hitlAmountThreshold: number;
  hitlCategories: string[];
  /** Rates to JPY for amounts the approval rule reads in other currencies. */
  jpyRates: JpyRates;
  models: { router: string; specialist: string; moderator: string };
}

/** Everything a run needs, injected by the composition root. */
export interface WorkflowDeps {
  model: ChatModel;
  tools: ToolRegistry;
  store: RunStore;
  /** The conversations' memory, read when a run with a conversation key is understood. */
  memory: ConversationMemory;
  clock: Clock;
  events: EventSink;
  prompts: PromptLibrary;
  settings: WorkflowSettings;
  newRunId: () => string;
  /** Where the conclusion goes while it is written (streamed answers); none: only the finished answer counts. */
  answerPreview?: AnswerPreview;
  /** Scrubs personal data and secrets from stored executor inputs and outputs (none when absent). */
  redactStoredText?: (text: string) => string;
}

/** The real clock. */
export const systemClock: Clock = { now: () => new Date() };
