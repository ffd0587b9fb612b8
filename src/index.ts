// First: starts Application Insights (when configured) before anything loads `http`.
import "./telemetry/preload";
/**
 * Composition root of the bot: config → bot identity → telemetry → store → workflow → Teams app → HTTP server.
 * `npm start` runs this file built (`node dist/src/index.js`); `npm run dev` imports `startProcura`.
 */
import { createApprovals } from "./approvals";
import { buildWorkflowDeps } from "./composition/workflow-deps";
import { loadConfig, type AppConfig } from "./config";
import { describeError } from "./domain";
import { openCosmosStore, type CosmosStore } from "./storage";
import { resolveBotIdentity } from "./teams/bot-identity";
import { startBotServer } from "./teams/bot-server";
import { resolveListenHost } from "./teams/listen-address";
import { createBot } from "./teams/create-bot";
import { createTelemetry } from "./telemetry";
import type { ChatModel } from "./workflow/ports";

/** How long shutdown waits for runs in flight; the rest resume from their checkpoints on the next start. */
const SHUTDOWN_GRACE_MS = 10_000;

/** A started bot process. */
export interface RunningProcura {
  url: string;
  port: number;
  /** Stops accepting requests, lets runs in flight finish (within a grace period), closes the store. */
  stop(): Promise<void>;
}

/** Options for `startProcura`; the defaults are what `npm start` uses. */
export interface StartOptions {
  /** Overrides PORT (0 = any free port). */
  port?: number;
  /** Overrides HOST (still refused when it is not loopback and the bot is unauthenticated). */
  host?: string;
  /** Replaces the configured chat model. */
  model?: ChatModel;
  /** An already open store, kept open on stop (tests share one, and restart the bot over it). */
  store?: CosmosStore;
  log?: (line: string) => void;
}

/** Starts the whole bot and resumes the runs a previous process left in flight. */
export async function startProcura(config: AppConfig, options: StartOptions = {}): Promise<RunningProcura> {
  const log = options.log ?? ((line: string) => console.log(line));
  // Before anything is opened: production without a bot identity must fail at once, not after connecting to Cosmos.
  const identity = resolveBotIdentity(config.env, (line) => console.warn(line));
  const host = resolveListenHost(config.env, identity, options.host ?? config.env.HOST, (line) => console.warn(line));
  const telemetry = createTelemetry(config, log);
  const ownStore = options.store === undefined;
  const store = options.store ?? (await openCosmosStore(config, { log }));
  try {
    const approvals = createApprovals({ config, store, telemetry, log });
    const bot = await createBot({
      config,
      identity,
      store,
      telemetry,
      log,
      workflow: (wiring) => buildWorkflowDeps(config, { data: store.toolData, ...wiring, model: options.model }),
      approvals: approvals.hooks,
    });
    approvals.attach(bot);
    const server = await startBotServer({
      port: options.port ?? config.env.PORT,
      host,
      adapter: bot.adapter,
      app: bot.app,
      inbound: { httpsOnly: config.env.NODE_ENV === "production" },
      health: async () => (await store.health()).ok,
      telemetry,
      log,
    });
    await bot.recover();
    approvals.startScheduler();
    log(`Procura is listening on ${server.url}/api/messages (model: ${config.provider.kind === "offline" ? `offline engine, no language model — ${config.provider.reason}` : config.provider.kind})`);
    return {
      url: server.url,
      port: server.port,
      stop: async () => {
        await server.close();
        const finished = await bot.questions.drain(SHUTDOWN_GRACE_MS);
        if (!finished) log(`shutdown: ${bot.questions.size} run(s) still in flight; they resume from their checkpoints on the next start`);
        await approvals.stop(SHUTDOWN_GRACE_MS);
        await telemetry.shutdown();
        if (ownStore) await store.close();
      },
    };
  } catch (error) {
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
      (error) => {
        console.error(`shutdown failed: ${describeError(error)}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

if (require.main === module) {
  main().catch((error) => {
    console.error(describeError(error));
    process.exit(1);
  });
}
