/**
 * The bot process killed (SIGKILL) in the middle of a run, then started again over the same store:
 * the run must resume from its checkpoint and the user get exactly one final reply.
 */
import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { loadConfig } from "../../src/config";
import { openCosmosStore, seedSampleData } from "../../src/storage";
import { startEmbeddedCosmos } from "../../src/storage/embedded-server";
import { FakeConnector } from "../../test/fakes/fake-connector";
import type { LatencyModelServer } from "../../test/fakes/latency-model-server";
import { postActivity, userMessage } from "../activities";
import { finalReplies, type FinalReply } from "../outcomes";
import { startBotProcess } from "./bot-process";

/** What happened around the kill. */
export interface BotKillResult {
  injected: string;
  userSaw: string;
  /** Final replies the conversation received (exactly one is right). */
  finals: FinalReply[];
  /** The run's stored status afterwards. */
  storedStatus?: string;
  /** Model calls made before the kill and after the restart. */
  callsBefore: number;
  callsAfter: number;
  restartLog: string[];
}

/** Runs the scenario against the simulator (any time scale). */
export async function botKilledMidRun(sim: LatencyModelServer, baseUrl: string): Promise<BotKillResult> {
  const cosmos = await startEmbeddedCosmos();
  const connector = new FakeConnector();
  const serviceUrl = await connector.start();
  const env = { NODE_ENV: "test", LLM_PROVIDER: "openai-compatible", OPENAI_BASE_URL: baseUrl, COSMOS_ENDPOINT: cosmos.endpoint, COSMOS_KEY: cosmos.key };
  const store = await openCosmosStore(loadConfig(env), { log: () => {} });
  await seedSampleData(store);
  const port = await freePort();
  sim.reset();
  try {
    let bot = await startBotProcess(port, env);
    let killed: Promise<void> | undefined;
    sim.fault = (call) => {
      // Kill as the first specialist call arrives: routed, checkpointed, investigating.
      if (!killed && call.agentId !== "router") killed = bot.kill9();
      return undefined;
    };
    const conversationId = `personal-${randomUUID()}`;
    const question = "What is the risk rating of our logistics vendor?";
    const status = await postActivity(bot.url, userMessage(serviceUrl, conversationId, question, "user-kill"));
    if (status !== 200) throw new Error(`the bot answered ${status}`);
    while (!killed) await new Promise((resolve) => setTimeout(resolve, 20));
    await killed;
    sim.fault = () => undefined;
    const callsBefore = sim.calls.length;
    bot = await startBotProcess(port, env);
    await connector.waitFor((a) => a.conversationId === conversationId && finalReplies([a]).length > 0, 30_000, "a final reply after the restart");
    await new Promise((resolve) => setTimeout(resolve, 500)); // a doubled reply would arrive now
    await bot.kill9();
    const finals = finalReplies(connector.inConversation(conversationId));
    const runs = await store.runs.listInFlight();
    const stored = (await Promise.all(runs.map((r) => store.runs.load(r.runId)))).find((r) => r?.question === question);
    return {
      injected: "kill -9 of the bot process as the first specialist call arrives; restart over the same store",
      userSaw: `${finals.join(", ") || "nothing"} after the restart`,
      finals,
      storedStatus: stored?.status ?? (runs.length === 0 ? "not in flight" : "running"),
      callsBefore,
      callsAfter: sim.calls.length - callsBefore,
      restartLog: bot.output.filter((line) => /resum|recover/i.test(line)),
    };
  } finally {
    sim.fault = () => undefined;
    await store.close();
    await connector.stop();
    await cosmos.stop();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
