/**
 * The whole bench: starts the environment process, runs scenario (a) sequentially over a memory and
 * a Cosmos run store, the same runs with speculative specialists off, then scenario (b) concurrently
 * through the bot (a child process of its own), and summarises the figures against the targets.
 *
 * Scenario (b) has an environment of its own, with models at full speed by default: compressing
 * model time ×0.1 would also compress fifty conversations' bot work into a tenth of the time — ten
 * times the request rate those conversations make in real use — so the first reaction would
 * measure a saturated CPU rather than the bot. `--concurrent-time-scale 0.1` runs that stress case.
 */
import { createInMemoryProcurementData, generateSampleDataSet } from "../src/tools";
import { runBotScenario, type BotScenarioResult } from "./bot-scenario";
import { withEnvironment, type BenchEnvironment } from "./environment";
import { runGraphScenario, type GraphRun, type RunPath, type StoreKind } from "./graph-scenario";
import { benchQuestions } from "./questions";
import { mean, p50p95 } from "./stats";
import { runThroughputScenario, type ThroughputFigures } from "./throughput-scenario";

/** Bench options (see src/cli/bench.ts for the flags). */
export interface BenchOptions {
  /** Model time scale of scenario (a). */
  timeScale: number;
  /** Model time scale of scenario (b). */
  concurrentTimeScale: number;
  runs: number;
  concurrency: number;
  seed: number;
  /** Skip the Cosmos run-store variant of scenario (a). */
  skipCosmos?: boolean;
  /** Scenario (b) with the bot inside the bench process (the old mode) instead of a child process. */
  inProcessBot?: boolean;
  throughput: ThroughputOptions;
}

/** Scenario (c): one instance vs two at a fixed concurrency per instance. */
export interface ThroughputOptions {
  timeScale: number;
  /** RUN_WORKER_CONCURRENCY of each instance. */
  concurrency: number;
  questions: number;
}

/** One instance vs two: their figures and the ratio of their throughputs. */
export interface ThroughputComparison {
  one: ThroughputFigures;
  two: ThroughputFigures;
  /** Two instances' answers per minute ÷ one instance's. */
  ratio: number;
}

/** Figures of one sequential variant. Full-scale figures are measured ÷ time scale plus our overhead. */
export interface SequentialFigures {
  store: StoreKind;
  path: RunPath;
  speculativeSpecialists: boolean;
  runs: number;
  statuses: Record<string, number>;
  /** Wall ÷ model critical path as measured at the bench's time scale. */
  measuredRatio: { p50: number; p95: number };
  /** Wall ÷ model critical path with model time at full scale (our overhead does not scale). */
  ratio: { p50: number; p95: number };
  overheadMs: { p50: number; p95: number };
  /** Full-scale wall time per run, ms. */
  wallMs: { p50: number; p95: number };
  storeOpsPerRun: number;
}

/** Speculative specialists on vs off over the same questions and latency draws. */
export interface SpeculativeFigures {
  runs: number;
  /** Runs where the Router did not choose every guessed specialist (some were cancelled). */
  guessMissed: number;
  /** p50 full-scale wall time of all runs, off and on. */
  wallP50Ms: { off: number; on: number; gainPercent: number };
  /** Mean tokens of the cancelled calls per run (prompt + output written before the cancel). */
  extraTokensPerRun: number;
}

/** One target and whether it was met. */
export interface TargetCheck {
  name: string;
  value: number;
  target: string;
  met: boolean;
}

/** Everything the bench reports. */
export interface BenchReport {
  options: BenchOptions;
  environment: { node: string; platform: string };
  sequential: SequentialFigures[];
  speculative: SpeculativeFigures;
  concurrent: BotScenarioResult & {
    firstReaction: { p50: number; p95: number };
    progressCard: { p50: number; p95: number };
    answer: { p50: number; p95: number };
  };
  throughput: ThroughputComparison;
  targets: TargetCheck[];
}

/** Runs the bench; `log` receives progress lines. */
export async function runBench(options: BenchOptions, log: (line: string) => void): Promise<BenchReport> {
  const memoryData = createInMemoryProcurementData(generateSampleDataSet());
  const questions = benchQuestions(options.runs);
  const { off, on, queued, cosmos } = await inEnvironment(options.timeScale, options, log, async (env) => {
    const variant = async (store: StoreKind, path: RunPath, speculativeSpecialists: boolean, asked = questions) => {
      log(
        `scenario (a): ${asked.length} sequential runs, ${store} run store, ${path === "queue" ? "through the run queue" : "straight into the graph"}, speculative specialists ${speculativeSpecialists ? "on" : "off"}…`,
      );
      return runGraphScenario(env, { questions: asked, store, path, speculativeSpecialists, memoryData });
    };
    return {
      off: await variant("memory", "direct", false),
      on: await variant("memory", "direct", true),
      queued: await variant("memory", "queue", false),
      // Production's path: the queue, and checkpoints to Cosmos, whose cost varies little from run to
      // run: a third of the questions keeps the whole bench near three minutes.
      cosmos: options.skipCosmos ? undefined : await variant("cosmos", "queue", false, questions.slice(0, Math.ceil(questions.length / 3))),
    };
  });
  const bot = await inEnvironment(options.concurrentTimeScale, options, log, (env) => {
    const placement = options.inProcessBot ? "in-process" : "child-process";
    log(`scenario (b): ${options.concurrency} concurrent conversations through /api/messages, bot ${placement}…`);
    return runBotScenario(env, {
      questions: benchQuestions(options.concurrency),
      deadlineMs: Math.max(60_000, 600_000 * options.concurrentTimeScale),
      bot: placement,
      toolData: memoryData,
    });
  });
  const throughput = await runThroughput(options, log);
  const sequential = [
    sequentialFigures("memory", "direct", false, off, options.timeScale),
    sequentialFigures("memory", "direct", true, on, options.timeScale),
    sequentialFigures("memory", "queue", false, queued, options.timeScale),
    ...(cosmos ? [sequentialFigures("cosmos", "queue", false, cosmos, options.timeScale)] : []),
  ];
  const concurrent = {
    ...bot,
    firstReaction: p50p95(bot.firstReactionMs),
    progressCard: p50p95(bot.progressCardMs),
    answer: p50p95(bot.answerMs),
  };
  return {
    options,
    environment: { node: process.version, platform: `${process.platform} ${process.arch}` },
    sequential,
    speculative: speculativeFigures(off, on, options.timeScale),
    concurrent,
    throughput,
    targets: [...targets(sequential, concurrent), throughputTarget(throughput)],
  };
}

/**
 * Scenario (c): the same questions through one instance, then two, each with the same concurrency,
 * at a time scale where runs take seconds, not minutes (enough questions for several rounds of every slot).
 */
export async function runThroughput(
  options: Pick<BenchOptions, "throughput" | "seed">,
  log: (line: string) => void,
): Promise<ThroughputComparison> {
  const { timeScale, concurrency, questions } = options.throughput;
  return inEnvironment(timeScale, options, log, async (env) => {
    const measure = (instances: number) => {
      log(`scenario (c): ${questions} questions at once through the run queue, ${instances} instance(s) × ${concurrency} runs…`);
      return runThroughputScenario(env, {
        instances,
        concurrency,
        questions: benchQuestions(questions),
        deadlineMs: Math.max(120_000, 1_200_000 * timeScale),
      });
    };
    const one = await measure(1);
    const two = await measure(2);
    return { one, two, ratio: two.answersPerMinute / one.answersPerMinute };
  });
}

/** The throughput target: two instances carry at least 1.8 times what one does. */
export function throughputTarget(throughput: ThroughputComparison): TargetCheck {
  const complete = throughput.one.lost + throughput.two.lost + throughput.one.doubled + throughput.two.doubled === 0;
  return {
    name: `throughput, two instances ÷ one (${throughput.one.concurrency} runs each)`,
    value: throughput.ratio,
    target: "≥ 1.8, nothing lost or doubled",
    met: complete && throughput.ratio >= 1.8,
  };
}

/** Runs `work` with an environment process at `timeScale`, saying so in the log. */
function inEnvironment<T>(
  timeScale: number,
  options: Pick<BenchOptions, "seed">,
  log: (line: string) => void,
  work: (env: BenchEnvironment) => Promise<T>,
): Promise<T> {
  log(`starting the environment (time scale ${timeScale}, seed ${options.seed})…`);
  return withEnvironment({ timeScale, seed: options.seed }, work);
}

/** A run's wall time with model time at full scale. */
function fullScaleWall(run: GraphRun, timeScale: number): number {
  return run.modelCriticalPathMs / timeScale + run.overheadMs;
}

function sequentialFigures(
  store: StoreKind,
  path: RunPath,
  speculativeSpecialists: boolean,
  runs: GraphRun[],
  timeScale: number,
): SequentialFigures {
  const statuses: Record<string, number> = {};
  for (const run of runs) statuses[run.status] = (statuses[run.status] ?? 0) + 1;
  return {
    store,
    path,
    speculativeSpecialists,
    runs: runs.length,
    statuses,
    measuredRatio: p50p95(runs.map((r) => r.wallMs / r.modelCriticalPathMs)),
    ratio: p50p95(runs.map((r) => fullScaleWall(r, timeScale) / (r.modelCriticalPathMs / timeScale))),
    overheadMs: p50p95(runs.map((r) => r.overheadMs)),
    wallMs: p50p95(runs.map((r) => fullScaleWall(r, timeScale))),
    storeOpsPerRun: mean(runs.map((r) => r.storeOps)),
  };
}

function speculativeFigures(off: GraphRun[], on: GraphRun[], timeScale: number): SpeculativeFigures {
  const [offP50, onP50] = [off, on].map((runs) => p50p95(runs.map((r) => fullScaleWall(r, timeScale))).p50);
  return {
    runs: on.length,
    guessMissed: on.filter((r) => r.wastedSpeculativeTokens > 0).length,
    wallP50Ms: { off: offP50, on: onP50, gainPercent: ((offP50 - onP50) / offP50) * 100 },
    extraTokensPerRun: mean(on.map((r) => r.wastedSpeculativeTokens)),
  };
}

function targets(sequential: SequentialFigures[], concurrent: BenchReport["concurrent"]): TargetCheck[] {
  const [graph] = sequential;
  // The p50 bar holds for every path a run takes without speculation: straight into the graph, and through the queue.
  const p50 = sequential
    .filter((s) => !s.speculativeSpecialists)
    .map((s) => ({
      name: `wall ÷ model critical path, p50 (${variantName(s)})`,
      value: s.ratio.p50,
      target: "≤ 1.03",
      met: s.ratio.p50 <= 1.03,
    }));
  return [
    ...p50,
    {
      name: `wall ÷ model critical path, p95 (${variantName(graph)})`,
      value: graph.ratio.p95,
      target: "≤ 1.05",
      met: graph.ratio.p95 <= 1.05,
    },
    { name: "first reaction p95 (ms)", value: concurrent.firstReaction.p95, target: "< 300", met: concurrent.firstReaction.p95 < 300 },
    {
      name: `peak RSS at ${concurrent.conversations} concurrent (MB)`,
      value: concurrent.peakRssMb,
      target: "< 400",
      met: concurrent.peakRssMb < 400,
    },
    { name: "lost replies", value: concurrent.lost, target: "0", met: concurrent.lost === 0 },
    { name: "doubled replies", value: concurrent.doubled, target: "0", met: concurrent.doubled === 0 },
  ];
}

/** e.g. "memory store, through the run queue". */
export function variantName(s: SequentialFigures): string {
  return `${s.store} store, ${s.path === "queue" ? "through the run queue" : "straight into the graph"}`;
}
