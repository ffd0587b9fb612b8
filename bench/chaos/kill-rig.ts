/**
 * The rig of the process-kill scenarios: an embedded Cosmos (seeded) and a run queue on Azurite that
 * outlive the bot, a fake connector, and the bot as a child process on a fixed port that a scenario can kill -9 and start
 * again. The bots reach Cosmos through a TCP proxy, so a scenario can pause the store. `withKillRig` tears everything
 * down, killing any bot still running, whatever happens.
 */
import { randomBytes } from "node:crypto";
import { loadConfig } from "../../src/config";
import { openCosmosStore, seedSampleData, type CosmosStore } from "../../src/storage";
import { startEmbeddedCosmos } from "../../src/storage/embedded-server";
import { sharedEmbeddedAzurite } from "../../src/queue/embedded-azurite";
import { FakeConnector } from "../../test/fakes/fake-connector";
import { TcpProxy } from "./tcp-proxy";
import { freePort, startBotProcess, type BotProcess, type BotProcessOptions } from "../bot-process";

/** What a kill scenario works with. */
export interface KillRig {
  connector: FakeConnector;
  /** The connector's URL, for inbound activities. */
  serviceUrl: string;
  /** The same store the bot uses (read it to check what was persisted). */
  store: CosmosStore;
  /** Starts the bot process (again), by default on the rig's port; resolves when it is listening. */
  startBot: (options?: BotProcessOptions) => Promise<BotProcess>;
  /** The run a chat's question started, once a worker has stored it (the chat's cards name it only when answered). */
  runIdOf: (conversationId: string) => Promise<string | undefined>;
  /** Pauses the store for the bots for `ms`: their connections stay open and nothing is answered (the rig's own `store` is unaffected). */
  pauseStore: (ms: number) => void;
}

/** The rig's run lease: short, so a killed bot's run is taken over within seconds. */
export const RIG_LEASE_SECONDS = 5;

/** How long a scenario waits after the expected reply for a doubled one to show up. */
export const DOUBLED_REPLY_GRACE_MS = 500;

/** Runs `scenario` against a bot using the model at `modelBaseUrl`, with `env` added to the bot's settings. */
export async function withKillRig<T>(
  modelBaseUrl: string,
  env: Record<string, string>,
  scenario: (rig: KillRig) => Promise<T>,
): Promise<T> {
  const cosmos = await startEmbeddedCosmos();
  const proxy = new TcpProxy({ host: "127.0.0.1", port: Number(new URL(cosmos.endpoint).port) });
  const connector = new FakeConnector();
  const bots: BotProcess[] = [];
  try {
    const proxyPort = await proxy.start();
    const serviceUrl = await connector.start();
    const azurite = await sharedEmbeddedAzurite();
    const botEnv = {
      NODE_ENV: "test",
      LLM_PROVIDER: "openai-compatible",
      OPENAI_BASE_URL: modelBaseUrl,
      COSMOS_ENDPOINT: `http://127.0.0.1:${proxyPort}`,
      COSMOS_KEY: cosmos.key,
      RUN_QUEUE_CONNECTION_STRING: azurite.connectionString,
      RUN_QUEUE_NAME: `rig-${randomBytes(6).toString("hex")}`,
      RUN_LEASE_SECONDS: String(RIG_LEASE_SECONDS),
      ...env,
    };
    // The rig itself seeds and inspects the store directly, never through the proxy.
    const config = loadConfig({ ...botEnv, COSMOS_ENDPOINT: cosmos.endpoint });
    const store = await openCosmosStore(config, { log: () => {} });
    const runIdOf = async (conversationId: string) => (await store.runs.ofConversation(conversationId))[0]?.state.runId;
    try {
      await seedSampleData(store);
      const port = await freePort();
      const startBot = async (options: BotProcessOptions = {}) => {
        const bot = await startBotProcess(botEnv, { port, ...options });
        bots.push(bot);
        return bot;
      };
      return await scenario({ connector, serviceUrl, store, startBot, runIdOf, pauseStore: (ms) => proxy.pause(ms) });
    } finally {
      await Promise.all(bots.map((bot) => bot.kill9()));
      await store.close();
    }
  } finally {
    await connector.stop();
    await proxy.stop();
    await cosmos.stop();
  }
}
