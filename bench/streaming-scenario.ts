/**
 * Streaming in a personal chat, with the latency simulator at full model speed (Teams' one update a
 * second does not scale with model time, so a compressed clock would hide the streamed text):
 * questions go through the bot's HTTP endpoint a few at a time, each in a personal chat of its own,
 * and the fake connector's arrivals give, per question, the time to the first informative update,
 * to the first streamed answer text, and to the full answer (the stream's final message).
 */
import { randomUUID } from "node:crypto";
import { createInMemoryProcurementData, generateSampleDataSet } from "../src/tools";
import { FakeConnector, type RecordedActivity } from "../test/fakes/fake-connector";
import { postActivity, userMessage } from "./activities";
import { withBotUnderTest } from "./bot-under-test";
import { withEnvironment } from "./environment";
import { finalReplyOf } from "./outcomes";
import { benchQuestions } from "./questions";
import { p50p95 } from "./stats";

/** What one question showed, ms after it was sent (absent: never seen). */
interface StreamedRun {
  informativeMs?: number;
  firstTextMs?: number;
  answerMs?: number;
  final?: string;
  updates: number;
}

/** The streaming figures and their targets. */
export interface StreamingFigures {
  runs: number;
  concurrency: number;
  answered: number;
  streamedText: number;
  informative: { p50: number; p95: number };
  firstText: { p50: number; p95: number };
  answer: { p50: number; p95: number };
  /** How much earlier the first streamed text arrives than the full answer, at p50 (0.3 = 30 %). */
  textEarlierAtP50: number;
  /** Stream updates per second of stream, the highest of any run (Teams allows about one). */
  maxUpdatesPerSecond: number;
}

/** Runs `runs` questions, `concurrency` at a time, and measures each stream. */
export async function runStreamingScenario(
  options: { runs: number; concurrency: number; seed: number },
  log: (line: string) => void,
): Promise<StreamingFigures> {
  log(`streaming: starting the environment (full model speed, seed ${options.seed})…`);
  // The worker takes as many runs at once as the scenario asks at once.
  const botOptions = {
    placement: "child-process",
    toolData: createInMemoryProcurementData(generateSampleDataSet()),
    concurrency: options.concurrency,
  } as const;
  return withEnvironment({ timeScale: 1, seed: options.seed }, (env) =>
    withBotUnderTest(botOptions, env, async ({ bot, connector, serviceUrl }) => {
      const ask = (question: string) => askInPersonalChat(bot.url, serviceUrl, connector, question);
      await ask(benchQuestions(1)[0]); // warm-up: connections, JIT
      const questions = benchQuestions(options.runs);
      const runs: StreamedRun[] = [];
      for (let i = 0; i < questions.length; i += options.concurrency) {
        log(`streaming: questions ${i + 1}–${Math.min(i + options.concurrency, questions.length)} of ${questions.length}…`);
        runs.push(...(await Promise.all(questions.slice(i, i + options.concurrency).map(ask))));
      }
      return figuresOf(runs, options);
    }),
  );
}

/** Asks in a new personal chat and follows its stream until the final message (or 60 s). */
async function askInPersonalChat(botUrl: string, serviceUrl: string, connector: FakeConnector, question: string): Promise<StreamedRun> {
  const activity = userMessage(serviceUrl, `bench-stream-${randomUUID()}`, question);
  const sentAt = performance.now();
  await postActivity(botUrl, activity);
  const activities = () => connector.inConversation(activity.conversation.id);
  const final = await connector
    .waitFor((a) => a.conversationId === activity.conversation.id && finalReplyOf(a) !== undefined, 60_000, "the final message")
    .catch(() => undefined);
  const seen = activities();
  const first = (type: string) => seen.find((a) => streamTypeOf(a) === type);
  const after = (a: RecordedActivity | undefined) => (a ? a.at - sentAt : undefined);
  const updates = seen.filter((a) => a.activity.type === "typing" && streamTypeOf(a) !== undefined);
  const informative = after(first("informative"));
  const firstText = after(first("streaming"));
  const answer = after(final);
  return {
    ...(informative === undefined ? {} : { informativeMs: informative }),
    ...(firstText === undefined ? {} : { firstTextMs: firstText }),
    ...(answer === undefined ? {} : { answerMs: answer }),
    ...(final ? { final: finalReplyOf(final) } : {}),
    updates: updates.length,
  };
}

function streamTypeOf(recorded: RecordedActivity): string | undefined {
  return (recorded.activity.channelData as { streamType?: string } | undefined)?.streamType;
}

function figuresOf(runs: StreamedRun[], options: { runs: number; concurrency: number }): StreamingFigures {
  const answered = runs.filter((run) => run.final === "answer");
  const informative = p50p95(runs.flatMap((run) => run.informativeMs ?? []));
  const firstText = p50p95(answered.flatMap((run) => run.firstTextMs ?? []));
  const answer = p50p95(answered.flatMap((run) => run.answerMs ?? []));
  return {
    runs: runs.length,
    concurrency: options.concurrency,
    answered: answered.length,
    streamedText: answered.filter((run) => run.firstTextMs !== undefined).length,
    informative,
    firstText,
    answer,
    textEarlierAtP50: 1 - firstText.p50 / answer.p50,
    maxUpdatesPerSecond: Math.max(
      ...runs.map((run) =>
        run.answerMs && run.informativeMs !== undefined ? run.updates / Math.max(1, (run.answerMs - run.informativeMs) / 1000) : 0,
      ),
    ),
  };
}

/** The figures as a Markdown table with the targets. */
export function formatStreamingTable(figures: StreamingFigures): string {
  const ms = (value: number) => `${Math.round(value)} ms`;
  const rows = [
    `Personal chat, latency simulator at full model speed: ${figures.runs} questions, ${figures.concurrency} at a time; ${figures.answered} answers, ${figures.streamedText} of them with streamed text.`,
    "",
    "| measure | p50 | p95 | target | met |",
    "| --- | --- | --- | --- | --- |",
    `| first informative update | ${ms(figures.informative.p50)} | ${ms(figures.informative.p95)} | p95 < 500 ms | ${figures.informative.p95 < 500 ? "yes" : "no"} |`,
    `| first streamed answer text | ${ms(figures.firstText.p50)} | ${ms(figures.firstText.p95)} | ≥ 30 % before the full answer at p50 | ${figures.textEarlierAtP50 >= 0.3 ? "yes" : "no"} (${Math.round(figures.textEarlierAtP50 * 100)} % earlier) |`,
    `| full answer (final message) | ${ms(figures.answer.p50)} | ${ms(figures.answer.p95)} | — | — |`,
    "",
    `Stream updates per second of stream, highest of any run: ${figures.maxUpdatesPerSecond.toFixed(2)} (Teams allows about one).`,
  ];
  return rows.join("\n");
}
