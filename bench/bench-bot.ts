/**
 * The bot as scenario (b) runs it: `startProcura` over the configured Cosmos (the environment's,
 * where store requests are counted) with the tools reading the sample data set from memory, as the
 * embedded default does — the embedded Cosmos server takes seconds per spend query, where a real
 * account answers in milliseconds. Run as a script, it is the bench's bot child process: settings
 * from the environment, PORT, and an exit when the parent's stdin pipe closes.
 */
import { loadConfig, type AppConfig } from "../src/config";
import { describeError } from "../src/domain";
import { startProcura, type RunningProcura } from "../src/index";
import { openCosmosStore } from "../src/storage";
import { createInMemoryProcurementData, generateSampleDataSet } from "../src/tools";
import type { ProcurementData } from "../src/tools/procurement-data";

/** The settings of the bench's bot: the simulator for models, the environment's Cosmos for state. */
export function benchBotEnv(
  addresses: { modelBaseUrl: string; cosmosEndpoint: string; cosmosKey: string; queueConnectionString: string },
  queueName = `bench-${process.pid}-${Date.now().toString(36)}`,
): Record<string, string> {
  return {
    NODE_ENV: "test",
    LLM_PROVIDER: "openai-compatible",
    OPENAI_BASE_URL: addresses.modelBaseUrl,
    COSMOS_ENDPOINT: addresses.cosmosEndpoint,
    COSMOS_KEY: addresses.cosmosKey,
    // Questions go through the run queue, as in production.
    RUN_QUEUE_CONNECTION_STRING: addresses.queueConnectionString,
    RUN_QUEUE_NAME: queueName,
  };
}

/** Starts the bot with its tools over `toolData`; `stop` also closes the store. */
export async function startBenchBot(
  config: AppConfig,
  toolData: ProcurementData,
  options: { port: number; host?: string; log: (line: string) => void },
): Promise<RunningProcura> {
  const store = await openCosmosStore(config, { log: options.log });
  try {
    const bot = await startProcura(config, { ...options, store: { ...store, toolData } });
    return {
      ...bot,
      stop: async () => {
        await bot.stop();
        await store.close();
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const bot = await startBenchBot(config, createInMemoryProcurementData(generateSampleDataSet()), {
    port: config.env.PORT,
    host: "127.0.0.1",
    log: (line) => console.log(line),
  });
  const stop = () => void bot.stop().finally(() => process.exit(0));
  process.stdin.on("end", stop).resume();
  // A graceful stop, as App Service sends on a restart (the chaos scale-out scenario sends it too).
  process.once("SIGTERM", stop);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(describeError(error));
    process.exit(1);
  });
}
