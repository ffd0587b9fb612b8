import type { Application } from "@microsoft/teams-ai";
import type { AppConfig, Env } from "../config";
import type { Telemetry } from "../telemetry";
import type { AnswerActivities } from "./answer-activity";
import { createBotApplication } from "./bot-application";
import type { Log } from "../domain";
import type { ApprovalsForBot, TeamsStore } from "./bot-deps";
import { approvalsUnavailable } from "./card-actions";
import { classifyMessage } from "./inbound-message";
import type { QuestionRuns } from "./question-runs";
import type { ProcuraTeamsAdapter } from "./teams-adapter";
import { typingFirst } from "./typing-first";

/** The settings the bot's routes read: how long a question may be, and how long a conversation is remembered (for `help`). */
export interface BotSettings {
  env: Pick<Env, "MAX_QUESTION_CHARS">;
  memory: Pick<AppConfig["memory"], "ttlMs">;
}

/** What the bot is built from; the composition root builds each of these first. */
export interface CreateBotOptions {
  config: BotSettings;
  /** The Teams adapter for the bot's identity (`createTeamsAdapter`); the approvals module sends through it too. */
  adapter: ProcuraTeamsAdapter;
  botAppId: string | undefined;
  store: TeamsStore;
  telemetry: Telemetry;
  /** Accepts a question onto the run queue (and wakes this instance's worker). */
  questions: QuestionRuns;
  /** Answer messages and their mapping to runs, for Teams' feedback loop on them. */
  answers: AnswerActivities;
  /** The approvals module's part of the bot; without one, approval actions are refused. */
  approvals?: ApprovalsForBot;
  log?: Log;
}

/**
 * Builds the Teams side of the bot on the given adapter: typing first, then the teams-ai routes
 * (questions into the queue, commands, card actions, the approvals' routes). The run worker, its
 * delivery and the followers of run events are built by the composition root, not here.
 */
export function createBot(options: CreateBotOptions): Application {
  const { config, adapter, store, telemetry } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  adapter.use(
    typingFirst((activity) => {
      const message = classifyMessage(activity, config.env.MAX_QUESTION_CHARS);
      return message.kind === "question" ? message.text : undefined;
    }),
  );
  return createBotApplication({
    adapter,
    botAppId: options.botAppId,
    questions: options.questions,
    cardActions: { store, telemetry, log },
    answerMessages: options.answers.messages,
    onApprovalAction: options.approvals?.onAction ?? approvalsUnavailable,
    ...(options.approvals ? { approvalHistory: options.approvals.history } : {}),
    ...(options.approvals ? { beforeTurn: options.approvals.beforeTurn } : {}),
    maxQuestionChars: config.env.MAX_QUESTION_CHARS,
    memory: store.memory,
    botState: store.botState,
    guide: { memoryTtlMs: config.memory.ttlMs },
    telemetry,
    log,
  });
}
