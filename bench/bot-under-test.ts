/**
 * The bot scenario (b) drives: by default a child process of its own, so the first reactions
 * measured at the fake connector do not include the bench driver's and the connector's event-loop
 * work (in production Teams and the connector are other services); or, with `--in-process-bot`,
 * inside the bench process as before.
 */
import { loadConfig } from "../src/config";
import type { ProcurementData } from "../src/tools/procurement-data";
import { FakeConnector } from "../test/fakes/fake-connector";
import { benchBotEnv, startBenchBot } from "./bench-bot";
import { BENCH_BOT_ENTRY, startBotProcess } from "./bot-process";
import type { EnvironmentAddresses } from "./environment-addresses";
import { peakRssMb, resetPeakRss } from "./process-memory";

/** Where the bot runs. */
export type BotPlacement = "child-process" | "in-process";

/** A started bot and its memory gauge. */
export interface BotUnderTest {
  url: string;
  /** Starts counting peak RSS afresh (after the warm-up); says what the peak will cover. */
  startPeakRss(): Promise<string>;
  /** Peak RSS since `startPeakRss`, MB. */
  peakRssMb(): Promise<number>;
  stop(): Promise<void>;
}

/** How often the in-process gauge samples RSS (it has no high-water mark of its own). */
const RSS_SAMPLE_MS = 20;

/** The bot under test and the fake connector it replies to. */
export interface BotWorld {
  bot: BotUnderTest;
  connector: FakeConnector;
  /** The connector's URL, for inbound activities. */
  serviceUrl: string;
}

/**
 * Starts a fake connector and the bot over the environment, runs `work`, and stops both whatever
 * happens. The bot works on `concurrency` runs at once (the conversations the scenario holds, so that
 * they are all in flight together rather than waiting in the run queue); `toolData` serves the
 * in-process bot (the child builds the same data set itself).
 */
export async function withBotUnderTest<T>(
  options: { placement: BotPlacement; toolData: ProcurementData; concurrency: number },
  env: EnvironmentAddresses,
  work: (world: BotWorld) => Promise<T>,
): Promise<T> {
  const connector = new FakeConnector();
  const serviceUrl = await connector.start();
  try {
    const settings = { ...benchBotEnv(env), RUN_WORKER_CONCURRENCY: String(options.concurrency) };
    const bot = await (options.placement === "child-process" ? startChildBot(settings) : startInProcessBot(settings, options.toolData));
    try {
      return await work({ bot, connector, serviceUrl });
    } finally {
      await bot.stop();
    }
  } finally {
    await connector.stop();
  }
}

async function startChildBot(settings: Record<string, string>): Promise<BotUnderTest> {
  const bot = await startBotProcess(settings, { entry: BENCH_BOT_ENTRY });
  return {
    url: bot.url,
    startPeakRss: async () =>
      (await resetPeakRss(bot.pid)) ? "bot process, VmHWM during the burst" : "bot process, VmHWM since its start",
    peakRssMb: () => peakRssMb(bot.pid),
    stop: () => bot.kill9(),
  };
}

async function startInProcessBot(settings: Record<string, string>, toolData: ProcurementData): Promise<BotUnderTest> {
  const bot = await startBenchBot(loadConfig(settings), toolData, { port: 0, host: "127.0.0.1", log: () => {} });
  let peak = 0;
  let sampler: NodeJS.Timeout | undefined;
  return {
    url: bot.url,
    startPeakRss: async () => {
      peak = process.memoryUsage().rss;
      sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), RSS_SAMPLE_MS);
      return `bench process (bot, connector and driver), sampled every ${RSS_SAMPLE_MS} ms during the burst`;
    },
    peakRssMb: async () => (clearInterval(sampler), peak / 2 ** 20),
    stop: async () => (clearInterval(sampler), bot.stop()),
  };
}
