/** What `npm run bench -- --help` prints: every section and its flags. */
const USAGE = `Usage: npm run bench -- [SECTION] [flags]

  latency [--runs 38] [--follow-ups 19] [--time-scale 0.05] [--seed 7] [--profiles FILE]
          [--content-filter default|asynchronous] [--router-deployment NAME] [--hedge-quantile 0.9]
          [--rewriter-in-router] [--specialist-streams] [--in-flight 40]
      Per orchestration mode, first questions and follow-ups apart (the rewriter on a follow-up's
      path): model calls in sequence, output tokens on the critical path, first streamed text and
      full answer p50/p95, cost per question, over the latency simulator. Times are planned model
      time, so machine load does not move them. --profiles lays a profiles file (bench/sim/*.json, or
      one written by calibrate) over the shipped one; --content-filter asynchronous streams each token
      at once instead of the default filter's buffered chunks; --router-deployment gives the Router
      and rewriter a gpt-5.4-mini deployment of their own, profiled under that name in --profiles
      (bench/sim/model-profiles-router-ptu.json: a provisioned one); --hedge-quantile Q resends a call
      with no first token by that quantile of its model's time to first token (first answer wins;
      the loser is costed); --rewriter-in-router gives follow-ups' figures as if the rewriter and the
      Router were one call; --specialist-streams gives the first text as if the Router's first
      choice streamed its own summary while the Moderator merges (docs/latency.md). With --in-flight N, then N questions
      posted 50 ms apart to one bot instance with 1 s model calls, and their first reaction p50/p95.
  calibrate FILE [--out FILE]
      Simulator profiles from production telemetry: FILE is the ModelStreamTimed query of
      docs/latency.md exported from Application Insights (CSV or JSON). Prints the profiles, or writes
      them to --out for latency --profiles.
  streaming [--runs 20] [--concurrency 4] [--seed 7]
      A personal chat's stream at full model speed: first informative update, first streamed answer
      text, full answer.
  prompt-cache [--runs 12]
      Per agent, the share of prompt tokens in the prefix consecutive runs share, and whether it
      reaches the 1,024 tokens the provider's prompt cache needs.
  throughput [--throughput-time-scale 0.25] [--throughput-concurrency 4] [--throughput-questions 48]
      One bot instance vs two at the same concurrency per instance, through the run queue.
  data [--sizes 10000,100000,1000000] [--keep DIR] [--cosmos | --cosmos-without-rows]
      The data import and tools bench.
  (no section) [--time-scale 0.1] [--concurrent-time-scale 1] [--runs 30] [--concurrency 50] [--seed 7]
               [--skip-cosmos] [--in-process-bot] [--json-out FILE]
      The latency and load bench: a table, then the report as JSON. Scenario (b) runs the bot in a
      child process (--in-process-bot: inside the bench process). The bench reports; it never fails
      on a missed target.
`;

import { readFileSync, writeFileSync } from "node:fs";
import { z } from "zod";
import { formatDataBench, runDataBench } from "../../bench/data/run-data-bench";
import { formatReport, formatThroughput } from "../../bench/report";
import { formatPrefixTable } from "../../bench/prompt-prefix";
import { runPromptCacheScenario } from "../../bench/prompt-cache-scenario";
import { benchQuestions } from "../../bench/questions";
import { runBench, runThroughput, throughputTarget } from "../../bench/run-bench";
import { formatLatencyTable, runLatencyScenario, type LatencyOptions } from "../../bench/latency-scenario";
import { calibrateProfiles } from "../../bench/calibrate";
import { formatInFlight, runInFlightScenario } from "../../bench/in-flight-scenario";
import { createInMemoryProcurementData, generateSampleDataSet } from "../tools";
import { formatStreamingTable, runStreamingScenario } from "../../bench/streaming-scenario";
import type { Log } from "../domain";
import { parseCommand, runCommand } from "./args";

const FlagsSchema = z.object({
  "time-scale": z.coerce.number().positive().max(1).default(0.1),
  "concurrent-time-scale": z.coerce.number().positive().max(1).default(1),
  runs: z.coerce.number().int().positive().default(30),
  // Every conversation is in flight at once: at most what one instance works on (RUN_WORKER_CONCURRENCY).
  concurrency: z.coerce.number().int().positive().max(64).default(50),
  seed: z.coerce.number().int().default(7),
  "skip-cosmos": z.boolean().default(false),
  "in-process-bot": z.boolean().default(false),
  "json-out": z.string().optional(),
  "in-flight": z.coerce.number().int().positive().max(200).optional(),
  "throughput-time-scale": z.coerce.number().positive().max(1).default(0.25),
  "throughput-concurrency": z.coerce.number().int().min(1).max(64).default(4),
  "throughput-questions": z.coerce.number().int().positive().default(48),
  "follow-ups": z.coerce.number().int().min(0).default(19),
  profiles: z.string().optional(),
  "content-filter": z.enum(["default", "asynchronous"]).default("default"),
  out: z.string().optional(),
  "router-deployment": z.string().min(1).optional(),
  "hedge-quantile": z.coerce.number().min(0.5).max(0.99).optional(),
  "rewriter-in-router": z.boolean().default(false),
  "specialist-streams": z.boolean().default(false),
  sizes: z
    .string()
    .default("10000,100000,1000000")
    .transform((text) => text.split(","))
    .pipe(z.array(z.coerce.number().int().positive()).min(1)),
  keep: z.string().optional(),
  cosmos: z.boolean().default(false),
  "cosmos-without-rows": z.boolean().default(false),
});

// Where a section's defaults differ from the load bench's. Latency: every question of the bench's fixture once (en and ja), at a
// scale small enough to finish in a few minutes and large enough that the simulator's own work stays inside each call's model time.
// Streaming: enough personal-chat questions for a p95, a few at a time as people ask. Prompt cache: enough consecutive runs to cover
// every agent in both languages, few enough to read.
const SECTION_DEFAULTS: Record<string, Partial<Record<keyof typeof FlagsSchema.shape, number>>> = {
  latency: { runs: 38, "time-scale": 0.05 },
  streaming: { runs: 20, concurrency: 4 },
  "prompt-cache": { runs: 12 },
};

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommand(argv, {
    usage: USAGE,
    positionals: true,
    // Every flag FlagsSchema reads: its booleans (each off by default) are switches, the rest take a value.
    options: Object.fromEntries(
      Object.entries(FlagsSchema.shape).map(([name, schema]) => [
        name,
        { type: typeof schema.parse(undefined) === "boolean" ? ("boolean" as const) : ("string" as const) },
      ]),
    ),
  });
  const section = positionals[0];
  const flags = camelCased(FlagsSchema.parse({ ...SECTION_DEFAULTS[section ?? ""], ...values }));
  const throughput = {
    timeScale: flags.throughputTimeScale,
    concurrency: flags.throughputConcurrency,
    questions: flags.throughputQuestions,
  };
  const log = (line: string) => process.stderr.write(`[${(performance.now() / 1000).toFixed(0)} s] ${line}\n`);
  switch (section) {
    case "calibrate":
      return calibrate(positionals[1], flags.out);
    case "prompt-cache":
      return promptCache(flags.runs);
    case "throughput":
      return throughputOnly({ throughput, seed: flags.seed }, log);
    case "streaming":
      return print(formatStreamingTable, await runStreamingScenario(flags, log));
    case "data": {
      const cosmos = flags.cosmosWithoutRows ? "without-rows" : flags.cosmos ? "all" : undefined;
      return print(formatDataBench, await runDataBench({ ...flags, cosmos }, log));
    }
    case "latency":
      return latency(flags, log);
    case undefined:
      break;
    default:
      throw new Error(`unknown bench section '${section}' (try: latency, calibrate, prompt-cache, throughput, streaming, data; --help)`);
  }
  // The report restates its options: exactly the load bench's, not every flag.
  const { timeScale, concurrentTimeScale, runs, concurrency, seed, skipCosmos, inProcessBot } = flags;
  const report = await runBench({ timeScale, concurrentTimeScale, runs, concurrency, seed, skipCosmos, inProcessBot, throughput }, log);
  print(formatReport, report);
  if (flags.jsonOut) writeFileSync(flags.jsonOut, JSON.stringify(report, null, 2));
  return 0;
}

type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${CamelCase<Capitalize<Tail>>}` : S;

/** The flags under the names the scenarios' options give them (`--follow-ups` is `followUps`). */
function camelCased<T extends Record<string, unknown>>(flags: T): { [K in keyof T & string as CamelCase<K>]: T[K] } {
  const entries = Object.entries(flags).map(([name, value]) => [name.replace(/-(\w)/g, (_, next: string) => next.toUpperCase()), value]);
  return Object.fromEntries(entries) as { [K in keyof T & string as CamelCase<K>]: T[K] };
}

/** A section's table, then its figures as JSON. */
function print<T>(format: (figures: T) => string, figures: T): number {
  process.stdout.write(`${format(figures)}\n\n${JSON.stringify(figures, null, 2)}\n`);
  return 0;
}

async function latency(options: LatencyOptions & { inFlight?: number }, log: Log): Promise<number> {
  print((rows) => formatLatencyTable(rows, options), await runLatencyScenario(options, log));
  if (options.inFlight !== undefined) {
    const figures = await runInFlightScenario(
      { questions: options.inFlight, seed: options.seed, toolData: createInMemoryProcurementData(generateSampleDataSet()) },
      log,
    );
    process.stdout.write("\n");
    print(formatInFlight, figures);
  }
  return 0;
}

async function calibrate(file: string | undefined, out: string | undefined): Promise<number> {
  if (file === undefined) throw new Error("calibrate needs the exported query result: npm run bench -- calibrate FILE [--out FILE]");
  const { profiles, skipped } = calibrateProfiles(readFileSync(file, "utf8"), file, new Date().toISOString().slice(0, 10));
  for (const reason of skipped) process.stderr.write(`no profile for ${reason}\n`);
  const json = `${JSON.stringify({ about: `Calibrated from ${file} (npm run bench -- calibrate).`, models: profiles }, null, 2)}\n`;
  if (out === undefined) process.stdout.write(json);
  else writeFileSync(out, json);
  return Object.keys(profiles).length > 0 ? 0 : 1;
}

async function throughputOnly(options: Parameters<typeof runThroughput>[0], log: Log): Promise<number> {
  const comparison = await runThroughput(options, log);
  const target = throughputTarget(comparison);
  process.stdout.write(
    `models at ×${options.throughput.timeScale}, seed ${options.seed}\n${formatThroughput(comparison)}\n${target.met ? "MET   " : "MISSED"}  ${target.name}: ${target.value.toFixed(2)} (target ${target.target})\n\n${JSON.stringify(comparison, null, 2)}\n`,
  );
  return 0;
}

async function promptCache(runs: number): Promise<number> {
  const questions = benchQuestions(40)
    .filter((_, i) => i % 3 === 0)
    .slice(0, runs);
  process.stderr.write(`prompt cache: ${questions.length} questions, one after another, tokenized with o200k_base\n`);
  return print(formatPrefixTable, await runPromptCacheScenario(questions));
}

runCommand(main, "bench failed");
