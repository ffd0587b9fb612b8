/**
 * `npm run bench -- latency --in-flight 40`: many askers on one instance. The questions are posted to
 * one bot (a child process, over the environment's Cosmos and queue) 50 ms apart while every model
 * call takes 1 s, so each question's first reaction (the typing indicator or the stream's first
 * update at the fake connector) competes with the run work of the questions before it.
 */
import type { ProcurementData } from "../src/tools/procurement-data";
import { runBotScenario } from "./bot-scenario";
import { withEnvironment } from "./environment";
import { benchQuestions } from "./questions";
import { p50p95 } from "./stats";

/** Questions are posted this far apart. */
const SPACING_MS = 50;
/** Every model call takes this long. */
const MODEL_CALL_MS = 1_000;

/** What the in-flight scenario measured, ms. */
export interface InFlightFigures {
  questions: number;
  spacingMs: number;
  modelCallMs: number;
  firstReaction: { p50: number; p95: number };
  answer: { p50: number; p95: number };
  /** Questions with no final reply by the deadline. */
  lost: number;
}

/** Posts `questions` bench questions to one bot instance, SPACING_MS apart, with MODEL_CALL_MS model calls. */
export async function runInFlightScenario(
  options: { questions: number; seed: number; toolData: ProcurementData },
  log: (line: string) => void,
): Promise<InFlightFigures> {
  log(`in flight: ${options.questions} questions ${SPACING_MS} ms apart to one instance, model calls of ${MODEL_CALL_MS} ms…`);
  const result = await withEnvironment({ timeScale: 1, seed: options.seed, fixedCallMs: MODEL_CALL_MS }, (env) =>
    runBotScenario(env, {
      questions: benchQuestions(options.questions),
      deadlineMs: 120_000,
      bot: "child-process",
      toolData: options.toolData,
      spacingMs: SPACING_MS,
    }),
  );
  return {
    questions: result.conversations,
    spacingMs: SPACING_MS,
    modelCallMs: MODEL_CALL_MS,
    firstReaction: p50p95(result.firstReactionMs),
    answer: p50p95(result.answerMs),
    lost: result.lost,
  };
}

/** One Markdown line with the target. */
export function formatInFlight(figures: InFlightFigures): string {
  const ms = (value: number) => `${Math.round(value)} ms`;
  return [
    `${figures.questions} questions in flight on one instance, ${figures.spacingMs} ms apart, model calls of ${figures.modelCallMs} ms:`,
    `first reaction p50 / p95 ${ms(figures.firstReaction.p50)} / ${ms(figures.firstReaction.p95)}, answer p50 / p95 ${ms(figures.answer.p50)} / ${ms(figures.answer.p95)}, lost ${figures.lost}`,
    `${figures.firstReaction.p95 <= 1_000 ? "MET   " : "MISSED"}  first reaction p95 with ${figures.questions} in flight: ${ms(figures.firstReaction.p95)} (target ≤ 1000 ms)`,
  ].join("\n");
}
