// First: starts Application Insights (when configured) before anything loads `http`.
import "./telemetry/preload";
/** Composition root of the bot, built top to bottom; each factory's type sees only its slice (`…Settings`) of the whole `config`. */
import { createApprovals } from "./approvals";
import { displayNamesFrom } from "./cards";
import { dataSetBanner } from "./composition/procurement-data";
import { buildWorkflowDeps, reportEndpointEvents } from "./composition/workflow-deps";
import { debugRequested, loadConfig, type AppConfig } from "./config";
import { describeError, failureReport, type Log } from "./domain";
import { createChatModel } from "./llm/create-chat-model";
import { describeEndpointStatuses } from "./llm/endpoint-pool";
import { OpenAiChatModel } from "./llm/openai-chat-model";
import { createOperatorNotices, notifyOperatorsOfRuns } from "./operators";
import { assertRunQueueConfigured, openRunQueue } from "./queue/open-run-queue";
import { openCosmosStore, type CosmosStore } from "./storage";
import { AnswerActivities } from "./teams/answer-activity";
import { resolveBotIdentity, resolveListenHost } from "./teams/bot-identity";
import { startBotServer } from "./teams/bot-server";
import { createBot } from "./teams/bot-application";
import { createTeamsAdapter } from "./teams/teams-adapter";
import { Messenger } from "./teams/messenger";
import { QuestionRuns, UserAdmission, settleAdmittedRuns } from "./teams/question-runs";
import { TeamsRunDelivery } from "./teams/run-delivery";
import { followRunProgress, streamedConclusions, StreamPositions, type RunStreams } from "./teams/run-progress";
import { createTelemetry } from "./telemetry";
import { recordRuns } from "./telemetry/record-runs";
import type { RunQueue } from "./workflow/ports";
import { RunLifecycle } from "./workflow/run-lifecycle";
import { RunWorker, newInstanceId } from "./workflow/run-worker";

/** How long shutdown waits for runs in hand; the rest are given back to the queue and resumed by another instance. */
const SHUTDOWN_GRACE_MS = 10_000;

export interface StartOptions {
  port?: number;
  /** Overrides HOST (still refused when it is not loopback and the bot is unauthenticated). */
  host?: string;
  /** An already open store, kept open on stop (tests share one, and restart the bot over it). */
  store?: CosmosStore;
  /** An already open run queue, kept open on stop (tests share one across restarts and instances). */
  queue?: RunQueue;
  log?: Log;
}

export type RunningProcura = Awaited<ReturnType<typeof startProcura>>;

export async function startProcura(config: AppConfig, options: StartOptions = {}) {
  const log = options.log ?? ((line: string) => console.log(line));
  // Before anything is opened: production without a bot identity must fail at once, not after connecting to Cosmos.
  const identity = resolveBotIdentity(config.env, (line) => console.warn(line));
  const host = resolveListenHost(config.env, identity, options.host ?? config.env.HOST, (line) => console.warn(line));
  const telemetry = createTelemetry(config, log);
  assertRunQueueConfigured(config);
  const ownStore = options.store === undefined;
  const store = options.store ?? (await openCosmosStore(config, { log }));
  const ownQueue = options.queue === undefined;
  let queue: RunQueue | undefined;
  try {
    log(dataSetBanner(await store.toolData.describe()));
    const model = await createChatModel(config, store.toolData, reportEndpointEvents(telemetry, log));
    // The offline engine does not report endpoint states.
    const endpoints = model instanceof OpenAiChatModel ? model : undefined;
    queue = options.queue ?? (await openRunQueue(config, { log }));
    const runQueue = queue;
    const built = await buildWorkflowDeps(config, {
      data: store.toolData,
      store: store.runs,
      events: telemetry.eventSink,
      model,
      memory: store.memory,
    });
    const names = displayNamesFrom(built.prompts.specialists);
    const adapter = createTeamsAdapter(identity);
    const answers = new AnswerActivities(config, { names, botState: store.botState, log });
    const messenger = new Messenger(adapter, identity.appId);
    const approvals = createApprovals({
      config,
      names,
      store,
      telemetry,
      messaging: messenger,
      log,
      // An approver's decision (or an expiry) is a queue message: a worker resumes the run and delivers its card.
      continueRun: (approvalId) => runQueue.enqueue({ kind: "approval_decided", approvalId }),
    });
    const lifecycle = new RunLifecycle(log);
    recordRuns(lifecycle, { telemetry, transcripts: store.transcripts, log });
    notifyOperatorsOfRuns(lifecycle, createOperatorNotices(config, { poster: messenger, log }));
    const streams: RunStreams = new Map();
    followRunProgress(lifecycle, streams, { messenger, positions: new StreamPositions(store.botState), names, log });
    const workflow = { ...built, answerPreview: streamedConclusions(streams) };
    const instanceId = newInstanceId();
    const worker = new RunWorker(
      {
        queue: runQueue,
        workflow,
        lifecycle,
        delivery: new TeamsRunDelivery({ messenger, answers, streams }),
        approvals,
        settings: {
          concurrency: config.env.RUN_WORKER_CONCURRENCY,
          leaseSeconds: config.env.RUN_LEASE_SECONDS,
          maxDeliveries: config.env.RUN_MAX_DELIVERIES,
          ...(config.env.RUN_WORKER_USER_SHARE ? { userShare: config.env.RUN_WORKER_USER_SHARE } : {}),
          maxQuestionChars: config.env.MAX_QUESTION_CHARS,
        },
        log,
      },
      instanceId,
    );
    const admission = new UserAdmission({ maxInFlight: config.env.USER_MAX_IN_FLIGHT, maxPerMinute: config.env.USER_MAX_PER_MINUTE });
    settleAdmittedRuns(lifecycle, admission);
    const questions = new QuestionRuns({ queue: runQueue, newRunId: workflow.newRunId, queued: () => worker.wake(), admission, log });
    const app = createBot({ config, adapter, botAppId: identity.appId, store, telemetry, questions, answers, approvals, log });
    const server = await startBotServer({
      port: options.port ?? config.env.PORT,
      host,
      adapter,
      app,
      inbound: { httpsOnly: config.env.NODE_ENV === "production" },
      health: async () => (await store.health()).ok,
      telemetry,
      modelEndpoints: endpoints && (() => endpoints.endpointStatuses()),
      log,
    });
    worker.start();
    approvals.start();
    if (endpoints) for (const line of describeEndpointStatuses(endpoints.endpointStatuses())) log(`model endpoint, ${line}`);
    // Locally the dev runner writes the channel after start-up; in production an empty setup must be seen at once.
    if (config.env.NODE_ENV === "production") for (const gap of await approvals.setupGaps()) log(`WARNING ${gap}`);
    log(
      `Procura is listening on ${server.url}/api/messages (model: ${config.provider.kind === "offline" ? `offline engine, no language model — ${config.provider.reason}` : config.provider.kind}; run queue ${queue.description}, ${config.env.RUN_WORKER_CONCURRENCY} at a time, instance ${instanceId})`,
    );
    return {
      url: server.url,
      port: server.port,
      stop: async () => {
        await server.close();
        const unfinished = worker.size;
        const finished = await worker.stop(SHUTDOWN_GRACE_MS);
        if (!finished)
          log(`shutdown: ${unfinished} run(s) were given back to the queue; another instance resumes them from their checkpoints`);
        await approvals.stop();
        await telemetry.shutdown();
        if (ownQueue) await runQueue.close();
        if (ownStore) await store.close();
      },
    };
  } catch (error) {
    if (ownQueue) await queue?.close();
    if (ownStore) await store.close();
    throw error;
  }
}

async function main(): Promise<void> {
  const procura = await startProcura(loadConfig());
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    procura.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`shutdown failed: ${describeError(error)}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(failureReport(error, debugRequested()));
    process.exit(1);
  });
}
