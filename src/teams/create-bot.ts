import type { Application } from "@microsoft/teams-ai";
import type { AppConfig } from "../config";
import type { Telemetry } from "../telemetry";
import type { WorkflowDeps } from "../workflow/deps";
import type { ApprovalDecisions, RunQueue } from "../workflow/ports";
import type { RunLifecycle } from "../workflow/run-lifecycle";
import { RunWorker } from "../workflow/run-worker";
import { createBotApplication } from "./bot-application";
import type { ApprovalsForBot, Log, TeamsStore } from "./bot-deps";
import { approvalsUnavailable } from "./card-actions";
import type { Messenger } from "./messenger";
import { QuestionRuns } from "./question-runs";
import { TeamsRunDelivery, underReviewNotice } from "./run-delivery";
import type { RunStreams } from "./run-streams";
import type { AnswerActivities } from "./answer-activity";
import type { ProcuraTeamsAdapter } from "./teams-adapter";
import { typingFirst } from "./typing-first";
import { classifyMessage } from "./inbound-message";

/** What the bot is built from; the composition root builds each of these first. */
export interface CreateBotOptions {
  config: AppConfig;
  /** The Teams adapter for the bot's identity (`createTeamsAdapter`); the approvals module sends through it too. */
  adapter: ProcuraTeamsAdapter;
  botAppId: string | undefined;
  store: TeamsStore;
  telemetry: Telemetry;
  /** The workflow, its answer preview already feeding the personal-chat streams. */
  workflow: WorkflowDeps;
  /** The run events the worker emits; the composition root subscribes their followers. */
  lifecycle: RunLifecycle;
  /** Sends to Teams through the adapter; the same one progress cards and streams follow runs with. */
  messenger: Messenger;
  /** Answer messages and their mapping to runs, shared with the approvals' delivery of approved answers. */
  answers: AnswerActivities;
  /** Personal chats' open streams, shared with `followRunStreams`, so the delivery ends the stream a run started. */
  streams: RunStreams;
  /** The run queue this instance accepts questions into and consumes runs from. */
  queue: RunQueue;
  /** The approvals module's part of the bot; without one, runs needing approval only say they are under review and approval actions are refused. */
  approvals?: ApprovalsForBot;
  /** The approvals store the worker resumes decided runs with (with `approvals`). */
  decisions?: ApprovalDecisions;
  log?: Log;
}

/** The assembled bot, not yet serving. */
export interface Bot {
  /** The teams-ai application the HTTP server hands each authenticated activity to. */
  app: Application;
  /** This instance's consumer of the run queue (start it once the server listens). */
  worker: RunWorker;
}

/**
 * Builds the Teams side of the bot on the given adapter: the question flow into the queue, the run
 * worker and its delivery, card actions and the teams-ai routes. The followers of run events
 * (progress cards, streams, memory) are subscribed by the composition root, not here.
 */
export function createBot(options: CreateBotOptions): Bot {
  const { config, adapter, botAppId, store, telemetry, workflow, lifecycle, messenger, answers, streams } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  adapter.use(
    typingFirst((activity) => {
      const message = classifyMessage(activity, config.env.MAX_QUESTION_CHARS);
      return message.kind === "question" ? message.text : undefined;
    }),
  );
  const worker = new RunWorker({
    queue: options.queue,
    workflow,
    lifecycle,
    delivery: new TeamsRunDelivery({
      messenger,
      conversations: store.conversations,
      answers,
      onAwaitingApproval: options.approvals?.onAwaitingApproval ?? underReviewNotice(messenger),
      streams,
    }),
    ...(options.decisions ? { decisions: options.decisions } : {}),
    settings: {
      concurrency: config.env.RUN_WORKER_CONCURRENCY,
      leaseSeconds: config.env.RUN_LEASE_SECONDS,
      maxDeliveries: config.env.RUN_MAX_DELIVERIES,
      maxQuestionChars: config.env.MAX_QUESTION_CHARS,
    },
    log,
  });
  const questions = new QuestionRuns({ queue: options.queue, newRunId: workflow.newRunId, queued: () => worker.wake(), log });
  const app = createBotApplication({
    adapter,
    botAppId,
    questions,
    cardActions: { store, telemetry, log },
    answerMessages: answers.messages,
    onApprovalAction: options.approvals?.onAction ?? approvalsUnavailable,
    ...(options.approvals ? { approvalHistory: options.approvals.history } : {}),
    ...(options.approvals ? { beforeTurn: options.approvals.beforeTurn } : {}),
    maxQuestionChars: config.env.MAX_QUESTION_CHARS,
    memory: store.memory,
    guide: { memoryTtlMs: config.memory.ttlMs },
    telemetry,
    log,
  });
  return { app, worker };
}
