/**
 * Scenario (c): throughput with one bot instance, then two, at the same concurrency per instance,
 * questions through the run queue as in production. Each instance is a child process (the bench's
 * bot entry) over the environment's Cosmos and one Azurite queue shared by the instances; the
 * questions are posted all at once, round-robin across the instances like a load balancer, and
 * enough of them to keep every slot busy for several rounds. Throughput is the questions answered
 * per minute between the first post and the last final reply.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { FakeConnector } from "../test/fakes/fake-connector";
import { postActivity, userMessage } from "./activities";
import { benchBotEnv } from "./bench-bot";
import { BENCH_BOT_ENTRY, startBotProcess, type BotProcess } from "./bot-process";
import type { BenchEnvironment } from "./environment";
import { finalReplies } from "./outcomes";

/** What one measurement saw. */
export interface ThroughputFigures {
  instances: number;
  /** RUN_WORKER_CONCURRENCY of every instance. */
  concurrency: number;
  questions: number;
  answered: number;
  lost: number;
  doubled: number;
  /** From the first post to the last final reply. */
  makespanMs: number;
  answersPerMinute: number;
}

/** Starts `instances` bots on one fresh queue, asks `questions` at once, and measures; the bots are stopped after. */
export async function runThroughputScenario(
  env: BenchEnvironment,
  options: { instances: number; concurrency: number; questions: readonly string[]; deadlineMs: number },
): Promise<ThroughputFigures> {
  const connector = new FakeConnector();
  const serviceUrl = await connector.start();
  const settings = {
    ...benchBotEnv(env, `bench-c-${randomBytes(5).toString("hex")}`),
    RUN_WORKER_CONCURRENCY: String(options.concurrency),
  };
  const bots: BotProcess[] = [];
  try {
    bots.push(
      ...(await Promise.all(
        Array.from({ length: options.instances }, () => startBotProcess(settings, { entry: BENCH_BOT_ENTRY, timeoutMs: 180_000 })),
      )),
    );
    let next = 0;
    const ask = async (question: string) => {
      const conversationId = `bench-${randomUUID()}`;
      const status = await postActivity(bots[next++ % bots.length].url, userMessage(serviceUrl, conversationId, question));
      if (status !== 200) throw new Error(`a bot answered ${status}`);
      return conversationId;
    };
    const finals = (conversationId: string) => finalReplies(connector.inConversation(conversationId));
    const untilAnswered = async (conversations: string[], deadline: number) => {
      while (performance.now() < deadline && conversations.some((id) => finals(id).length === 0))
        await new Promise((resolve) => setTimeout(resolve, 50));
    };
    // Warm-up, one question per instance: connections and JIT.
    await untilAnswered(await Promise.all(bots.map(() => ask(options.questions[0]))), performance.now() + options.deadlineMs);
    await env.reset();

    const started = performance.now();
    const conversations = await Promise.all(options.questions.map(ask));
    await untilAnswered(conversations, started + options.deadlineMs);
    await new Promise((resolve) => setTimeout(resolve, 300)); // a doubled reply would arrive now
    const lastFinal = Math.max(
      ...conversations.flatMap((id) =>
        connector
          .inConversation(id)
          .filter((a) => finalReplies([a]).length > 0)
          .map((a) => a.at),
      ),
    );
    const answered = conversations.filter((id) => finals(id).length > 0).length;
    const makespanMs = lastFinal - started;
    return {
      instances: options.instances,
      concurrency: options.concurrency,
      questions: conversations.length,
      answered,
      lost: conversations.length - answered,
      doubled: conversations.filter((id) => finals(id).length > 1).length,
      makespanMs,
      answersPerMinute: (answered / makespanMs) * 60_000,
    };
  } finally {
    await Promise.all(bots.map((bot) => bot.kill9()));
    await connector.stop();
  }
}
