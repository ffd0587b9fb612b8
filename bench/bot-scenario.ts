/**
 * Scenario (b): many conversations at once through the bot's HTTP endpoint (/api/messages), the
 * bot replying to a fake connector. The bot runs in a child process of its own by default (see
 * bot-under-test.ts) over the environment's Cosmos (state, checkpoints, transcripts — counted
 * there), its tools reading the seeded data set from memory; the driver and the connector stay in
 * this process. Measures the first reaction (typing, progress card), the answer latency, the bot's
 * peak RSS, store requests per run, and replies lost or doubled.
 */
import { randomUUID } from "node:crypto";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as delay } from "node:timers/promises";
import type { ProcurementData } from "../src/tools/procurement-data";
import type { FakeConnector, RecordedActivity } from "../test/fakes/fake-connector";
import { postActivity, userMessage } from "./activities";
import { withBotUnderTest, type BotPlacement } from "./bot-under-test";
import type { BenchEnvironment } from "./environment";
import { finalReplies, type FinalReply } from "./outcomes";

/** What the concurrent scenario measured. */
export interface BotScenarioResult {
  conversations: number;
  bot: BotPlacement;
  /** Per conversation, ms from sending the message to the first activity at the connector (typing). */
  firstReactionMs: number[];
  /** … to the progress card. */
  progressCardMs: number[];
  /** … to the final reply (answer, under-review notice or error card). */
  answerMs: number[];
  finals: Record<FinalReply, number>;
  /** Conversations with no final reply by the deadline. */
  lost: number;
  /** Conversations with more than one final reply. */
  doubled: number;
  /** HTTP statuses of the inbound POSTs, counted. */
  statuses: Record<string, number>;
  peakRssMb: number;
  /** Whose memory `peakRssMb` is, and over what span. */
  peakRssOf: string;
  /** This process's (driver and connector) longest event-loop stall during the burst: how late an arrival may have been stamped. */
  driverMaxStallMs: number;
  storeOpsPerRun: number;
}

/** Sends one message in each of `questions.length` conversations at once and follows every reply. */
export async function runBotScenario(
  env: BenchEnvironment,
  options: {
    questions: readonly string[];
    deadlineMs: number;
    bot: BotPlacement;
    toolData: ProcurementData;
    /** Time between two questions (0: all at once). */
    spacingMs?: number;
  },
): Promise<BotScenarioResult> {
  const botOptions = { placement: options.bot, toolData: options.toolData, concurrency: options.questions.length };
  return withBotUnderTest(botOptions, env, async ({ bot, connector, serviceUrl }) => {
    const world: World = { botUrl: bot.url, serviceUrl, connector };
    await converse(world, [options.questions[0]], options.deadlineMs); // warm-up: connections, JIT
    await env.reset();
    const peakRssOf = await bot.startPeakRss();
    const driverLoop = monitorEventLoopDelay({ resolution: 10 });
    driverLoop.enable();
    const results = await converse(world, options.questions, options.deadlineMs, options.spacingMs).finally(() => driverLoop.disable());
    const peakRssMb = await bot.peakRssMb();
    const { storeOps } = await env.snapshot();
    const finals: Record<FinalReply, number> = { answer: 0, under_review: 0, error: 0, out_of_scope: 0 };
    const statuses: Record<string, number> = {};
    for (const result of results) {
      if (result.finals[0]) finals[result.finals[0]]++;
      statuses[result.status] = (statuses[result.status] ?? 0) + 1;
    }
    return {
      conversations: results.length,
      bot: options.bot,
      firstReactionMs: results.flatMap((r) => r.firstReactionMs ?? []),
      progressCardMs: results.flatMap((r) => r.progressCardMs ?? []),
      answerMs: results.flatMap((r) => r.answerMs ?? []),
      finals,
      lost: results.filter((r) => r.finals.length === 0).length,
      doubled: results.filter((r) => r.finals.length > 1).length,
      statuses,
      peakRssMb,
      peakRssOf,
      driverMaxStallMs: driverLoop.max / 1e6,
      storeOpsPerRun: storeOps / results.length,
    };
  });
}

interface World {
  botUrl: string;
  serviceUrl: string;
  connector: FakeConnector;
}

interface Conversation {
  status: number;
  finals: FinalReply[];
  firstReactionMs?: number;
  progressCardMs?: number;
  answerMs?: number;
}

/** One new conversation per question, sent `spacingMs` apart (or all at once); waits for every final reply (or the deadline). */
async function converse(world: World, questions: readonly string[], deadlineMs: number, spacingMs = 0): Promise<Conversation[]> {
  const sent = questions.map((question) => ({ activity: userMessage(world.serviceUrl, `bench-${randomUUID()}`, question), at: 0 }));
  const statuses = await Promise.all(
    sent.map(async (entry, index) => {
      if (spacingMs > 0) await delay(index * spacingMs);
      entry.at = performance.now();
      return postActivity(world.botUrl, entry.activity);
    }),
  );
  const activitiesOf = (entry: (typeof sent)[number]): RecordedActivity[] => world.connector.inConversation(entry.activity.conversation.id);
  const deadline = performance.now() + deadlineMs;
  while (performance.now() < deadline && sent.some((entry) => finalReplies(activitiesOf(entry)).length === 0))
    await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, 300)); // a doubled reply would arrive now
  return sent.map((entry, index) => {
    const activities = activitiesOf(entry);
    const final = activities.find((a) => finalReplies([a]).length > 0);
    const progress = activities.find((a) => a.method === "POST" && a.activity.type === "message" && a !== final);
    return {
      status: statuses[index],
      finals: finalReplies(activities),
      firstReactionMs: activities[0] && activities[0].at - entry.at,
      progressCardMs: progress && progress.at - entry.at,
      answerMs: final && final.at - entry.at,
    };
  });
}
