import type { Storage, TurnContext } from "botbuilder";
import type { Approvals } from "../approvals";
import type { AppConfig, Env } from "../config";
import type { Feedback, Log, RenewalAlert, RunState } from "../domain";
import type { Telemetry } from "../telemetry";
import type { ConditionalWrite, ConversationMemory, RunStore, Versioned } from "../workflow/ports";
import type { AnswerActivities } from "./answer-activity";
import type { QuestionRuns } from "./question-runs";
import type { ProcuraTeamsAdapter } from "./teams-adapter";

export interface TeamsStore {
  runs: RunStore;
  transcripts: { save(state: RunState): Promise<unknown> };
  feedback: { save(feedback: Feedback): Promise<void> };
  memory: ConversationMemory;
  /** botbuilder Storage the worker keeps answer messages and stream positions in (never read at intake). */
  botState: Storage;
  renewalAlerts: {
    get(id: string): Promise<Versioned<RenewalAlert> | undefined>;
    replace(alert: RenewalAlert, etag: string): Promise<ConditionalWrite>;
  };
}

export interface BotServices {
  config: Pick<AppConfig, "memory"> & { env: Pick<Env, "MAX_QUESTION_CHARS"> };
  adapter: ProcuraTeamsAdapter;
  botAppId: string | undefined;
  store: TeamsStore;
  telemetry: Telemetry;
  questions: QuestionRuns;
  answers: AnswerActivities;
  /** The approvals module; without one, approval commands and actions are refused. */
  approvals?: Approvals;
  log: Log;
}

export interface BotContext<K extends keyof BotServices = keyof BotServices> {
  turn: TurnContext;
  services: Pick<BotServices, K>;
}
