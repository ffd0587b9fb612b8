/**
 * `npm run bench -- data [--sizes 10000,100000,1000000] [--keep DIR] [--cosmos | --cosmos-without-rows]`: for each
 * size, generates an import directory, imports it into a fresh local data directory, times every data
 * tool (the median of fifteen series of 20 calls, after a warm-up) and `npm run ask` end to end (three
 * rounds over the sizes in turn, the median of each figure), each in a process of its own (peak RSS per step),
 * and prints a table per size and the ratios against the targets (spend is also imported from the
 * same rows as an .xlsx workbook, against the CSV's time); `--cosmos` also imports into an
 * embedded Cosmos server and times the tools through the Cosmos adapter (`--cosmos-without-rows`: the
 * same without writing the raw spend rows, which the tools never read). It reports; it never fails on a
 * missed target.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type CallFigures, medianFigures, percentile } from "../stats";
import { generateImportDirectory, sizeFor, writeWorkbookVariant } from "./generate-data";

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, "../..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");
/** Names the first generated supplier by its alias, as a user would; the answer must then cite it. */
const ASK_QUESTION = "How much did we spend with Vendor 1 in FY2024, and what does its contract say about price increases?";
const ASK_SUPPLIER_ID = "S-0001";
/** How many times the tools and `npm run ask` are timed on each size. */
const ROUNDS = 3;

/** Per tool: wall-clock p50/p95 of 20 calls, and the same of the CPU time each call used (each the median of fifteen series). */
type ToolFigures = Record<string, CallFigures>;

/** The figures of one size. */
export interface DataBenchSize {
  spendRows: number;
  contracts: number;
  policySections: number;
  importMs: number;
  spendImportMs: number;
  spendRowsPerSecond: number;
  /** The same spend rows imported from an .xlsx workbook instead of the CSV (cpuMs: the whole import's, as importCpuMs). */
  workbook: { spendImportMs: number; bytes: number; peakRssMb: number; cpuMs: number };
  importPeakRssMb: number;
  /** CPU time of the import process (user + system). */
  importCpuMs: number;
  loadMs: number;
  toolsPeakRssMb: number;
  tools: ToolFigures;
  askMs: number;
  askPeakRssMb: number;
  /** The machine's 1-minute load average when the tools were timed (wall times inflate with it). */
  loadAverage: number;
  /** The same data imported into an embedded Cosmos server and read through the Cosmos adapter (with --cosmos). */
  cosmos?: { rowsWritten: boolean; importMs: number; spendImportMs: number; loadMs: number; peakRssMb: number; tools: ToolFigures };
}

async function child(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Record<string, any>> {
  const { stdout } = await run(TSX, ["--expose-gc", path.join(__dirname, "child.ts"), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    maxBuffer: 1 << 24,
  });
  return JSON.parse(stdout.trim().split("\n").at(-1)!);
}

/**
 * `npm run ask` as a user runs it, timed from spawn to exit, with its peak RSS (GNU time when present).
 * Its answer must cite the supplier the question names: a question that resolved no supplier would
 * time a different path (every supplier's spend, a search over every contract).
 */
async function timeAsk(dataDirectory: string): Promise<{ ms: number; peakRssMb: number }> {
  const options = { cwd: ROOT, env: { ...process.env, PROCURA_DATA_DIR: dataDirectory, NODE_ENV: "development" }, maxBuffer: 1 << 24 };
  const started = performance.now();
  const { stdout, stderr } = await run("/usr/bin/time", ["-f", "PEAK_RSS_KB %M", TSX, "src/cli/ask.ts", ASK_QUESTION], options).catch(() =>
    run(TSX, ["src/cli/ask.ts", ASK_QUESTION], options),
  );
  const ms = performance.now() - started;
  if (!stdout.includes(ASK_SUPPLIER_ID)) throw new Error(`npm run ask did not answer about ${ASK_SUPPLIER_ID}:\n${stdout.slice(0, 1000)}`);
  const match = /PEAK_RSS_KB (\d+)/.exec(stderr);
  return { ms, peakRssMb: match ? Number(match[1]) / 1024 : Number.NaN };
}

/** What the import step of one size left for the timing rounds. */
interface ImportedSize {
  rows: number;
  size: ReturnType<typeof sizeFor>;
  dataDirectory: string;
  imported: Record<string, any>;
  workbook: DataBenchSize["workbook"];
  cosmos?: DataBenchSize["cosmos"];
}

/** The tools and `npm run ask` timed once on one size's data set. */
interface TimingRound {
  tools: Record<string, any>;
  ask: { ms: number; peakRssMb: number };
  loadAverage: number;
}

/**
 * Every size is generated and imported first; then the tools and `npm run ask` are timed over the
 * sizes in turn, ROUNDS times, and each figure is the median of its rounds. Sizes timed one after the
 * other compare moments as much as sizes on a shared machine; taking turns spreads a busy moment over
 * the sizes instead of charging it to one.
 */
export async function runDataBench(
  options: { sizes: number[]; keep?: string; cosmos?: "all" | "without-rows" },
  log: (line: string) => void,
): Promise<DataBenchSize[]> {
  const works: string[] = [];
  try {
    const sizes: ImportedSize[] = [];
    for (const rows of options.sizes) {
      const work = options.keep
        ? path.join(options.keep, String(rows))
        : mkdtempSync(path.join(os.tmpdir(), `procura-bench-data-${rows}-`));
      works.push(work);
      sizes.push(await importSize(rows, work, options.cosmos, log));
    }
    await timeAsk(sizes[0].dataDirectory); // warm the tsx compile cache, so every size measures the same thing
    const rounds = new Map<ImportedSize, TimingRound[]>(sizes.map((size) => [size, []]));
    for (let round = 1; round <= ROUNDS; round++)
      for (const size of sizes) {
        log(`${size.rows.toLocaleString("en-US")} rows: timing the tools and npm run ask (round ${round} of ${ROUNDS})`);
        const tools = await child(["tools", size.dataDirectory]);
        const loadAverage = os.loadavg()[0];
        rounds.get(size)!.push({ tools, ask: await timeAsk(size.dataDirectory), loadAverage });
      }
    return sizes.map((size) => result(size, rounds.get(size)!));
  } finally {
    if (!options.keep) for (const work of works) rmSync(work, { recursive: true, force: true });
  }
}

async function importSize(
  rows: number,
  work: string,
  cosmosMode: "all" | "without-rows" | undefined,
  log: (line: string) => void,
): Promise<ImportedSize> {
  const input = path.join(work, "input");
  const dataDirectory = path.join(work, "data");
  const size = sizeFor(rows);
  log(`${rows.toLocaleString("en-US")} rows: generating (${size.contracts} contracts, ${size.policySections} policy sections)`);
  await generateImportDirectory(input, size);
  log(`${rows.toLocaleString("en-US")} rows: importing`);
  const imported = await child(["import", input, dataDirectory]);
  if (imported.issues.length > 0) throw new Error(`the generated data did not import cleanly: ${imported.issues.slice(0, 3).join("; ")}`);
  log(`${rows.toLocaleString("en-US")} rows: writing spend as a workbook and importing it`);
  const workbook = await importWorkbook(input, path.join(work, "data-workbook"));
  if (!cosmosMode) return { rows, size, dataDirectory, imported, workbook };
  log(`${rows.toLocaleString("en-US")} rows: importing into an embedded Cosmos server and timing the tools through it`);
  const figures = await child(["cosmos", input, ...(cosmosMode === "without-rows" ? ["--without-rows"] : [])]);
  return {
    rows,
    size,
    dataDirectory,
    imported,
    workbook,
    cosmos: {
      rowsWritten: cosmosMode === "all",
      importMs: figures.importMs,
      spendImportMs: figures.spendMs,
      loadMs: figures.loadMs,
      peakRssMb: figures.peakRssMb,
      tools: figures.tools,
    },
  };
}

/** Imports the input directory with spend as a workbook; its spend import time, the workbook's size and the import's peak RSS. */
async function importWorkbook(input: string, dataDirectory: string): Promise<DataBenchSize["workbook"]> {
  const variant = await writeWorkbookVariant(input);
  const imported = await child(["import", variant, dataDirectory]);
  if (imported.issues.length > 0)
    throw new Error(`the generated workbook did not import cleanly: ${imported.issues.slice(0, 3).join("; ")}`);
  return {
    spendImportMs: imported.spendMs,
    bytes: statSync(path.join(variant, "spend.xlsx")).size,
    peakRssMb: imported.peakRssMb,
    cpuMs: imported.cpuMs,
  };
}

/** One size's figures: the import's, and per timing figure the median of the rounds (peaks: the largest). */
function result({ rows, size, imported, workbook, cosmos }: ImportedSize, rounds: TimingRound[]): DataBenchSize {
  const median = (figure: (round: TimingRound) => number) => percentile(rounds.map(figure), 50);
  const peak = (figure: (round: TimingRound) => number) => Math.max(...rounds.map(figure));
  const tools = Object.fromEntries(
    Object.keys(rounds[0].tools.tools).map((tool) => [tool, medianFigures(rounds.map((round) => round.tools.tools[tool]))]),
  );
  return {
    cosmos,
    spendRows: rows,
    contracts: size.contracts,
    policySections: size.policySections,
    importMs: imported.totalMs,
    spendImportMs: imported.spendMs,
    spendRowsPerSecond: (imported.spendRows / imported.spendMs) * 1000,
    workbook,
    importPeakRssMb: imported.peakRssMb,
    importCpuMs: imported.cpuMs,
    loadMs: median((round) => round.tools.loadMs),
    toolsPeakRssMb: peak((round) => round.tools.peakRssMb),
    tools,
    askMs: median((round) => round.ask.ms),
    askPeakRssMb: peak((round) => round.ask.peakRssMb),
    loadAverage: median((round) => round.loadAverage),
  };
}

/** A table per size, then the targets with the ratios between the largest and the smallest size. */
export function formatDataBench(results: DataBenchSize[]): string {
  const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;
  const lines: string[] = [];
  for (const r of results) {
    lines.push(
      `\n## ${r.spendRows.toLocaleString("en-US")} spend rows (${r.contracts.toLocaleString("en-US")} contracts, ${r.policySections.toLocaleString("en-US")} policy sections)`,
      `import: ${(r.importMs / 1000).toFixed(1)} s in all (${(r.importCpuMs / 1000).toFixed(1)} CPU s, ${Math.round((r.spendRows / r.importCpuMs) * 1000).toLocaleString("en-US")} spend rows per CPU second); spend ${(r.spendImportMs / 1000).toFixed(1)} s = ${Math.round(r.spendRowsPerSecond).toLocaleString("en-US")} rows/s; peak RSS ${r.importPeakRssMb.toFixed(0)} MB`,
      `spend from a workbook (spend.xlsx, ${(r.workbook.bytes / 1e6).toFixed(0)} MB): ${(r.workbook.spendImportMs / 1000).toFixed(1)} s = ${Math.round((r.spendRows / r.workbook.spendImportMs) * 1000).toLocaleString("en-US")} rows/s, ${(r.workbook.spendImportMs / r.spendImportMs).toFixed(2)}× the CSV's ${r.workbook.spendImportMs / r.spendImportMs <= 2 ? "✔" : "✘"} (target ≤ 2×); the whole import ${(r.workbook.cpuMs / 1000).toFixed(1)} CPU s against the CSV's ${(r.importCpuMs / 1000).toFixed(1)} (the other files are the same); peak RSS ${r.workbook.peakRssMb.toFixed(0)} MB`,
      `data set load: ${ms(r.loadMs)}; tools process peak RSS ${r.toolsPeakRssMb.toFixed(0)} MB; load average ${r.loadAverage.toFixed(1)} on ${os.cpus().length} cores`,
      `npm run ask: ${(r.askMs / 1000).toFixed(2)} s, peak RSS ${Number.isNaN(r.askPeakRssMb) ? "n/a" : `${r.askPeakRssMb.toFixed(0)} MB`}`,
      "| tool | p50 | p95 | CPU p50 | CPU p95 |",
      "| --- | --- | --- | --- | --- |",
      ...Object.entries(r.tools).map(([tool, t]) => `| ${tool} | ${ms(t.p50)} | ${ms(t.p95)} | ${ms(t.cpu.p50)} | ${ms(t.cpu.p95)} |`),
    );
    if (r.cosmos)
      lines.push(
        `\nembedded Cosmos: import ${(r.cosmos.importMs / 1000).toFixed(1)} s (spend ${(r.cosmos.spendImportMs / 1000).toFixed(1)} s${r.cosmos.rowsWritten ? "" : ", month cells only: raw rows not written"}), start-up load (directory and month cells) ${ms(r.cosmos.loadMs)}, peak RSS ${r.cosmos.peakRssMb.toFixed(0)} MB (server and bench in one process)`,
        "| tool (Cosmos adapter) | p50 | p95 | CPU p50 | CPU p95 |",
        "| --- | --- | --- | --- | --- |",
        ...Object.entries(r.cosmos.tools).map(
          ([tool, t]) => `| ${tool} | ${ms(t.p50)} | ${ms(t.p95)} | ${ms(t.cpu.p50)} | ${ms(t.cpu.p95)} |`,
        ),
      );
  }
  const [small, large] = [results[0], results.at(-1)];
  if (small && large && small !== large) {
    const worstOf = (largeTools: ToolFigures, smallTools: ToolFigures, p95: (t: ToolFigures[string]) => number) =>
      Object.keys(largeTools)
        .map((tool) => ({ tool, ratio: p95(largeTools[tool]) / Math.max(p95(smallTools[tool]), 0.001) }))
        .sort((a, b) => b.ratio - a.ratio)[0];
    const within2 = (largeTools: ToolFigures, smallTools: ToolFigures) => {
      const worst = worstOf(largeTools, smallTools, (t) => t.p95);
      const worstCpu = worstOf(largeTools, smallTools, (t) => t.cpu.p95);
      return `worst ${worst.tool} ${worst.ratio.toFixed(2)}× ${worst.ratio <= 2 ? "✔" : "✘"} (CPU time per call: worst ${worstCpu.tool} ${worstCpu.ratio.toFixed(2)}× ${worstCpu.ratio <= 2 ? "✔" : "✘"})`;
    };
    const spendP95 = Math.max(
      ...Object.entries(large.tools)
        .filter(([tool]) => tool.startsWith("querySpend") || tool === "getSupplierProfile")
        .map(([, t]) => t.p95),
    );
    const peak = Math.max(large.importPeakRssMb, large.toolsPeakRssMb, Number.isNaN(large.askPeakRssMb) ? 0 : large.askPeakRssMb);
    lines.push(
      `\n## Targets (${large.spendRows.toLocaleString("en-US")} vs ${small.spendRows.toLocaleString("en-US")} rows)`,
      `- every tool's p95 within 2× of the small size: ${within2(large.tools, small.tools)}`,
      ...(large.cosmos && small.cosmos
        ? [`- the same through the Cosmos adapter: ${within2(large.cosmos.tools, small.cosmos.tools)}`]
        : []),
      `- spend tools p95 < 50 ms: ${spendP95.toFixed(1)} ms ${spendP95 < 50 ? "✔" : "✘"}`,
      `- import ≥ 50,000 spend rows/s: ${Math.round(large.spendRowsPerSecond).toLocaleString("en-US")} ${large.spendRowsPerSecond >= 50_000 ? "✔" : "✘"}`,
      `- npm run ask within 1.5×: ${(large.askMs / small.askMs).toFixed(2)}× ${large.askMs / small.askMs <= 1.5 ? "✔" : "✘"}`,
      `- peak RSS < 1 GB: ${peak.toFixed(0)} MB ${peak < 1024 ? "✔" : "✘"}`,
    );
  }
  return lines.join("\n");
}
