import type { Application, TurnState } from "@microsoft/teams-ai";
import { displayNamesFrom } from "../cards";
import type { AppConfig } from "../config";
import type { Telemetry } from "../telemetry";
import type { WorkflowDeps } from "../workflow/deps";
import type { EventSink, RunQueue, RunStore } from "../workflow/ports";
import { RunLifecycle } from "../workflow/run-lifecycle";
import { RunWorker, type ApprovalContinuation } from "../workflow/run-worker";
import { createBotApplication } from "./bot-application";
import type { ApprovalHooks, Log, TeamsStore } from "./bot-deps";
import type { BotIdentity } from "./bot-identity";
import { approvalsUnavailable } from "./card-actions";
import { Messenger } from "./messenger";
import { QuestionRuns } from "./question-runs";
import { TeamsRunDelivery, underReviewNotice } from "./run-delivery";
import { followRunProgress } from "./run-progress-cards";
import { followRunStreams, streamedConclusions, type RunStreams } from "./run-streams";
import { StreamPositions } from "./stream-positions";
import { AnswerMessages } from "./answer-messages";
import { rememberFinishedRuns } from "./remember-runs";
import { createTeamsAdapter, type ProcuraTeamsAdapter } from "./teams-adapter";
import { typingFirst } from "./typing-first";
import { classifyMessage } from "./inbound-message";

/** What the bot is built from; the composition root builds the adapters. */
export interface CreateBotOptions {
  config: AppConfig;
  /** Resolved by the caller before it opens the store (`resolveBotIdentity`), so a missing one fails fast. */
  identity: BotIdentity;
  store: TeamsStore;
  telemetry: Telemetry;
  /** Builds the workflow deps around the given store and event sink. */
  workflow: (wiring: { store: RunStore; events: EventSink }) => Promise<WorkflowDeps>;
  /** The run queue this instance accepts questions into and consumes runs from. */
  queue: RunQueue;
  /** Continues a run once its approval is decided (the approvals flow's settle). */
  continueApproval?: ApprovalContinuation;
  /** The approvals flow's seams (issue 4); by default: an under-review notice, and a refusal for approval actions. */
  approvals?: Partial<ApprovalHooks>;
  log?: Log;
}

/** The assembled bot, not yet serving. */
export interface Bot {
  app: Application<TurnState>;
  adapter: ProcuraTeamsAdapter;
  botAppId: string | undefined;
  messenger: Messenger;
  questions: QuestionRuns;
  /** This instance's consumer of the run queue (start it once the server listens). */
  worker: RunWorker;
  /** Run events: subscribe to follow runs (operator notices on `poisoned`, for instance). */
  lifecycle: RunLifecycle;
}

/** Wires identity, adapter, the question flow, card actions and the teams-ai routes. */
export async function createBot(options: CreateBotOptions): Promise<Bot> {
  const { config, identity, store, telemetry } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const adapter = createTeamsAdapter(identity);
  adapter.use(
    typingFirst((activity) => {
      const message = classifyMessage(activity, config.env.MAX_QUESTION_CHARS);
      return message.kind === "question" ? message.text : undefined;
    }),
  );
  const messenger = new Messenger(adapter, identity.appId);
  const streams: RunStreams = new Map();
  const workflow = { ...(await options.workflow({ store: store.runs, events: telemetry.eventSink })), answerPreview: streamedConclusions(streams) };
  const names = displayNamesFrom(workflow.prompts.specialists);
  const qscoreThreshold = config.workflow.qscoreThreshold;
  const lifecycle = new RunLifecycle(log);
  followRunProgress(lifecycle, { messenger, names, log });
  followRunStreams(lifecycle, streams, { messenger, positions: new StreamPositions(store.botState), names, log });
  const answerMessages = new AnswerMessages(store.botState);
  rememberFinishedRuns(lifecycle, store.memory, log);
  const worker = new RunWorker({
    queue: options.queue,
    workflow,
    lifecycle,
    delivery: new TeamsRunDelivery({
      messenger,
      transcripts: store.transcripts,
      conversations: store.conversations,
      telemetry,
      names,
      qscoreThreshold,
      onAwaitingApproval: options.approvals?.onAwaitingApproval ?? underReviewNotice(messenger),
      streams,
      answerMessages,
      ...(config.env.CONTRACT_SENSITIVITY_LABEL ? { contractSensitivityLabel: config.env.CONTRACT_SENSITIVITY_LABEL } : {}),
      log,
    }),
    ...(options.continueApproval ? { continueApproval: options.continueApproval } : {}),
    settings: { concurrency: config.env.RUN_WORKER_CONCURRENCY, leaseSeconds: config.env.RUN_LEASE_SECONDS, maxDeliveries: config.env.RUN_MAX_DELIVERIES },
    log,
  });
  const questions = new QuestionRuns({ queue: options.queue, newRunId: workflow.newRunId, queued: () => worker.wake(), log });
  const app = createBotApplication({
    adapter,
    botAppId: identity.appId,
    botState: store.botState,
    questions,
    cardActions: { store, telemetry, names, qscoreThreshold, log },
    answerMessages,
    onApprovalAction: options.approvals?.onAction ?? approvalsUnavailable,
    maxQuestionChars: config.env.MAX_QUESTION_CHARS,
    memory: store.memory,
    guide: { memoryTtlMs: config.memory.ttlMs },
    telemetry,
    log,
  });
  return {
    app,
    adapter,
    botAppId: identity.appId,
    messenger,
    questions,
    worker,
    lifecycle,
  };
}
