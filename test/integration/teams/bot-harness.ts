import { randomUUID } from "node:crypto";
import type { AppConfig } from "../../../src/config";
import { testConfig } from "../../fakes/test-config";
import { startProcura, type RunningProcura } from "../../../src/index";
import { openRunQueue } from "../../../src/queue/open-run-queue";
import { openCosmosStore, type CosmosStore } from "../../../src/storage";
import type { RunQueue } from "../../../src/workflow/ports";
import { FakeConnector, cardOf, cardTexts, isAnswerCard, type RecordedActivity } from "../../fakes/fake-connector";

export { isAnswerCard } from "../../fakes/fake-connector";
import { ScriptedModelServer } from "../../fakes/scripted-model-server";
import { teamsMessage } from "../../fakes/teams-activity";

/** The bot on an ephemeral port over an embedded Cosmos, replying to a fake connector. */
export interface BotHarness {
  config: AppConfig;
  store: CosmosStore;
  /** The run queue (on the process's shared embedded Azurite), kept across restarts. */
  queue: RunQueue;
  connector: FakeConnector;
  serviceUrl: string;
  bot: RunningProcura;
  log: string[];
  /** POSTs an activity to /api/messages; resolves with the HTTP status and parsed body. */
  post(activity: object): Promise<{ status: number; body: any; receivedAt: number }>;
  /** A user message in a conversation (personal by default). */
  message(text: string, options?: MessageOptions): Record<string, any>;
  /** Waits for the answer card posted to a conversation (Teams-native or plain). */
  answerIn(conversationId: string, timeoutMs?: number): Promise<RecordedActivity>;
  /** Starts the bot again over the same store and queue (a process restart); `whileDown` runs while no bot is up. */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/** Who sends a message, and where. */
export interface MessageOptions {
  conversationId?: string;
  conversationType?: "personal" | "groupChat" | "channel";
  userId?: string;
  locale?: string;
  extra?: Record<string, unknown>;
}

/** Starts store, connector and bot; `env` adds settings (e.g. a scripted model endpoint). */
export async function startBotHarness(env: Record<string, string> = {}): Promise<BotHarness> {
  const log: string[] = [];
  // One test user asks many questions in a suite: the per-person limits are raised unless a test sets them.
  const config = testConfig({ NODE_ENV: "test", LLM_PROVIDER: "offline", USER_MAX_IN_FLIGHT: "100", USER_MAX_PER_MINUTE: "1000", ...env });
  const connector = new FakeConnector();
  const serviceUrl = await connector.start();
  const store = await openCosmosStore(config, { log: (line) => log.push(line) });
  const queue = await openRunQueue(config, { log: (line) => log.push(line) });
  const start = () => startProcura(config, { port: 0, host: "127.0.0.1", store, queue, log: (line) => log.push(line) });
  const harness: BotHarness = {
    config,
    store,
    queue,
    connector,
    serviceUrl,
    bot: await start(),
    log,
    async post(activity) {
      const response = await fetch(`${harness.bot.url}/api/messages`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(activity),
      });
      const receivedAt = performance.now();
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined, receivedAt };
    },
    message(text, options = {}) {
      return {
        ...teamsMessage({
          serviceUrl,
          conversationId: options.conversationId ?? `personal-${randomUUID()}`,
          text,
          userId: options.userId ?? "user-1",
          userName: "Test User",
          conversationType: options.conversationType,
          locale: options.locale,
        }),
        ...options.extra,
      };
    },
    answerIn(conversationId, timeoutMs = 15_000) {
      return connector.waitFor(
        (a) => a.conversationId === conversationId && isPostedAnswer(a),
        timeoutMs,
        `the answer card in ${conversationId}`,
      );
    },
    async restart(whileDown) {
      await harness.bot.stop();
      await whileDown?.();
      harness.bot = await start();
    },
    async stop() {
      await harness.bot.stop();
      await store.close();
      await connector.stop();
    },
  };
  return harness;
}

/**
 * A suite of tests against the bot with the offline model, started before them and stopped after.
 * Read `bot.harness` inside the tests (it exists once `before` has run).
 */
export function describeOfflineBot(concern: string, tests: (bot: { harness: BotHarness }) => void): void {
  describe(`Teams bot: ${concern} (embedded Cosmos, fake connector, offline model)`, function () {
    this.timeout(60_000);
    const bot = { harness: undefined as unknown as BotHarness };
    before(async () => {
      bot.harness = await startBotHarness();
    });
    after(async () => {
      await bot.harness?.stop();
    });
    tests(bot);
  });
}

/**
 * Registers the suite's hooks: a scripted model server, and the bot pointed at it with no retries.
 * Read `suite.harness` inside tests (it exists once `before` has run).
 */
export function useScriptedBot(
  options: {
    env?: Record<string, string>;
    fallbackEndpoints?: string[];
    model?: ConstructorParameters<typeof ScriptedModelServer>[0];
  } = {},
): {
  model: ScriptedModelServer;
  harness: BotHarness;
  endpoints: string[];
} {
  const suite = { model: new ScriptedModelServer(options.model), harness: undefined as unknown as BotHarness, endpoints: [] as string[] };
  before(async () => {
    const { baseUrl } = await suite.model.start();
    suite.endpoints = [baseUrl, ...(options.fallbackEndpoints ?? [])];
    suite.harness = await startBotHarness({
      LLM_PROVIDER: "openai-compatible",
      OPENAI_BASE_URL: suite.endpoints.join(","),
      OPENAI_API_KEY: "test-key",
      LLM_MAX_RETRIES: "0",
      // Only the scripted Router's choice is asked: no specialist guessed from the question's words
      // starts early (speculative starts have their own wire tests in the agent-graph suite).
      SPECULATIVE_SPECIALISTS: "false",
      ...options.env,
    });
  });
  after(async () => {
    await suite.harness?.stop();
    await suite.model.stop();
  });
  return suite;
}

/** An answer sent to a conversation: a POST carrying the answer card, Teams-native or plain. */
function isPostedAnswer(recorded: RecordedActivity): boolean {
  return recorded.method === "POST" && isAnswerCard(recorded);
}

/** Answers sent to a conversation so far. */
export function postedAnswers(harness: BotHarness, conversationId: string): RecordedActivity[] {
  return harness.connector.inConversation(conversationId).filter(isPostedAnswer);
}

/** True when the recorded activity carries a card showing `text` somewhere. */
export function cardShows(recorded: RecordedActivity, text: string): boolean {
  const card = cardOf(recorded);
  return card !== undefined && cardTexts(card).some((t) => t.includes(text));
}

/** The activities of one conversation that carry a card whose texts include `text`. */
export function cardsShowing(activities: RecordedActivity[], text: string): RecordedActivity[] {
  return activities.filter((activity) => cardShows(activity, text));
}

/** Polls `read` until `done` holds (a run's stage is written just after its card is sent), for at most 5 s. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
