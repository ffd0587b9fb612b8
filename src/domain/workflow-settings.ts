import type { JpyRates } from "./amounts";
import type { ModelProfile, ModelRole } from "./model-profile";
import type { OrchestrationMode } from "./mode-state";

/** How runs are orchestrated and judged: the workflow's tunables, all from configuration (src/config). */
export interface WorkflowTunables {
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
}

/** The tunables with the model deployment each agent role uses: what the workflow runs with. */
export interface WorkflowSettings extends WorkflowTunables {
  models: Record<Exclude<ModelRole, "evaluation">, ModelProfile>;
}
