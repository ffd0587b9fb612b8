import type { TurnContext } from "botbuilder";
import type { Approvals } from "../approvals";
import type { AppConfig, Env } from "../config";
import type { Log } from "../domain";
import type { Telemetry } from "../telemetry";
import type { CosmosStore } from "../storage";
import type { AnswerActivities } from "./answer-activity";
import type { QuestionRuns } from "./question-runs";
import type { ProcuraTeamsAdapter } from "./teams-adapter";

export interface BotServices {
  config: Pick<AppConfig, "memory"> & { env: Pick<Env, "MAX_QUESTION_CHARS"> };
  adapter: ProcuraTeamsAdapter;
  botAppId: string | undefined;
  /** What turns read and write: runs, feedback, memory, renewal alerts, and the bot state the welcome is kept in. */
  store: Pick<CosmosStore, "runs" | "feedback" | "memory" | "botState" | "renewalAlerts">;
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
