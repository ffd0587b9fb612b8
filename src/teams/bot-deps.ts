import type { Storage, TurnContext } from "botbuilder";
import type { Approvals } from "../approvals";
import type { AppConfig, Env } from "../config";
import type { Clock, Feedback, Log, RenewalAlert, RunState } from "../domain";
import type { Telemetry } from "../telemetry";
import type { ConditionalWrite, ConversationMemory, RunStore, Versioned } from "../workflow/ports";
import type { AnswerActivities } from "./answer-activity";
import type { QuestionRuns } from "./question-runs";
import type { ProcuraTeamsAdapter } from "./teams-adapter";

/** The store repositories the Teams layer uses (the Cosmos store satisfies this structurally). */
export interface TeamsStore {
  runs: RunStore;
  transcripts: { save(state: RunState): Promise<unknown> };
  feedback: { save(feedback: Feedback): Promise<void> };
  /** What each chat or channel thread remembers for follow-ups; `reset` clears it. */
  memory: ConversationMemory;
  /** botbuilder Storage the worker keeps answer messages and stream positions in (never read at intake). */
  botState: Storage;
  /** The renewal alerts a card click reloads and dismisses. */
  renewalAlerts: {
    get(id: string): Promise<Versioned<RenewalAlert> | undefined>;
    replace(alert: RenewalAlert, etag: string): Promise<ConditionalWrite>;
  };
}

/** Everything the bot's handlers use; the composition root builds each of these first. */
export interface BotServices {
  /** How long a question may be, and how long a conversation is remembered (for `help`). */
  config: Pick<AppConfig, "memory"> & { env: Pick<Env, "MAX_QUESTION_CHARS"> };
  /** The Teams adapter for the bot's identity (`createTeamsAdapter`); the approvals module sends through it too. */
  adapter: ProcuraTeamsAdapter;
  botAppId: string | undefined;
  store: TeamsStore;
  telemetry: Telemetry;
  /** Accepts a question onto the run queue (and wakes this instance's worker). */
  questions: QuestionRuns;
  /** Answer messages and their mapping to runs, for Teams' feedback loop on them. */
  answers: AnswerActivities;
  /** The approvals module; without one, approval commands and actions are refused. */
  approvals?: Approvals;
  log: Log;
  /** Dates feedback; the system clock when absent. */
  clock?: Clock;
}

/** One turn as a handler sees it: the turn and the services it declares it uses. */
export interface BotContext<K extends keyof BotServices = keyof BotServices> {
  turn: TurnContext;
  services: Pick<BotServices, K>;
}
