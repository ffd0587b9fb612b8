import type { PromptLibrary } from "./prompt-library";
import type { ChatModel, Clock, ConversationMemory, EventSink, RunStore, ToolRegistry } from "./ports";

/** The workflow's tunables (all from configuration; see src/config). */
export interface WorkflowSettings {
  qscoreThreshold: number;
  maxSpecialists: number;
  /** How many top-priority specialists the quality gate re-asks (1–2). */
  requerySpecialists: number;
  timeouts: { routerMs: number; specialistMs: number; moderatorMs: number; runBudgetMs: number };
  maxToolRounds: number;
  /** Start Knowledge together with the Router and keep it only if selected. */
  speculativeKnowledge: boolean;
  hitlAmountThreshold: number;
  hitlCategories: string[];
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
}

/** The real clock. */
export const systemClock: Clock = { now: () => new Date() };
