/**
 * One measured step of the data bench, in a process of its own so its peak RSS is its own:
 * `import DIR DATA_DIR`, `tools DATA_DIR`, or `cosmos DIR [--without-rows]` (import into an embedded
 * Cosmos server in this process, then time the tools through the Cosmos adapter). Prints one JSON line.
 */
import { DEFAULT_MAPPING } from "../../src/import/mapping";
import type { DataStoreWriter, SpendWrite } from "../../src/import/ports";
import { ensureContainers } from "../../src/storage/containers";
import { createCosmosClient } from "../../src/storage/cosmos-store";
import { CosmosDataWriter } from "../../src/storage/cosmos-data-writer";
import { CosmosProcurementData } from "../../src/storage/cosmos-procurement-data";
import { startEmbeddedCosmos } from "../../src/storage/embedded-server";
import { silentProgress } from "../../src/import/progress";
import { runImport } from "../../src/import/run-import";
import { LocalDataStore, openLocalProcurementData } from "../../src/storage/local-data-store";
import { createToolRegistry } from "../../src/tools";
import type { ProcurementData } from "../../src/tools/procurement-data";
import { type CallFigures, medianFigures, p50p95 } from "../stats";

const CALLS = 20;
const SERIES = 15;

/** Each tool with the arguments of its 20 calls (varied, so no call is a repeat of the last). */
function toolCalls(suppliers: string[]): Record<string, (i: number) => unknown> {
  const nulls = { supplier: null, category: null, costCenter: null, fiscalYear: null, from: null, to: null, groupBy: null };
  const categories = ["saas", "cloud", "logistics", "packaging", "raw-materials"];
  return {
    "querySpend (all, by supplier)": () => ({ ...nulls, groupBy: "supplier" }),
    "querySpend (supplier, FY)": (i) => ({ ...nulls, supplier: suppliers[i % suppliers.length], fiscalYear: "FY2024" }),
    "querySpend (category, by month)": (i) => ({ ...nulls, category: categories[i % categories.length], groupBy: "month" }),
    getSupplierProfile: (i) => ({ name: suppliers[(i * 7) % suppliers.length] }),
    "searchContracts (all suppliers)": (i) => ({
      query: ["renewal notice", "price increase cap", "termination breach", "liability limit", "payment days"][i % 5],
      supplier: null,
    }),
    searchPolicies: (i) => ({
      query: ["approval thresholds quotes", "sanctions screening rule", "price increases approval", "sustainability purchases"][i % 4],
      language: null,
    }),
    listSuppliers: (i) => ({ category: categories[i % categories.length], region: null }),
    getPriceBenchmarks: (i) => ({ category: categories[i % categories.length] }),
  };
}

/** A full collection when the process runs with `--expose-gc` (the bench runs it so); nothing otherwise. */
function settleGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** One series of 20 calls: p50/p95 of their wall time and of the CPU time each used. */
async function timeSeries(run: (i: number) => Promise<unknown>): Promise<CallFigures> {
  settleGarbage();
  await run(CALLS); // the first call after a full collection runs over moved memory: 20× a steady call
  const times: number[] = [];
  // CPU time per call next to wall time: on a shared machine a call's wall time also counts the
  // moments the process waited for a core, which says nothing about the tool.
  const cpuTimes: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const [started, cpuStarted] = [performance.now(), process.cpuUsage()];
    await run(i);
    times.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuStarted);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
  }
  return { ...p50p95(times), cpu: p50p95(cpuTimes) };
}

async function measureTools(data: ProcurementData): Promise<Record<string, CallFigures>> {
  const { fiscalYearStartMonth } = await data.describe();
  const registry = createToolRegistry(data, { fiscalYearStartMonth, clock: { now: () => new Date("2026-11-21T00:00:00Z") } });
  const suppliers = (await data.listSuppliers()).slice(0, 50).map((s) => s.name);
  const tools = Object.entries(toolCalls(suppliers)).map(([label, args]) => ({ label, args, tool: registry.get(label.split(" ")[0])! }));
  // Steady state is what is compared across sizes: the warm-up takes the first-use index builds (which
  // belong to start-up) and the JIT's tiering out of the measured calls, and the collection before each
  // series settles garbage left by what ran before (loading the data set, the previous tool).
  for (const { tool, args } of tools) for (let i = 0; i < CALLS; i++) await tool.run(args(CALLS + i));
  // The p95 of 20 sub-millisecond calls is their second slowest, which one collection pause decides;
  // the median of several series is what the tool costs. The tools take turns, series by series, so
  // a busy moment on the machine costs one series of several tools, not every series of one.
  const series = new Map<string, CallFigures[]>(tools.map(({ label }) => [label, []]));
  for (let round = 0; round < SERIES; round++)
    for (const { label, tool, args } of tools) series.get(label)!.push(await timeSeries((i) => tool.run(args(i))));
  return Object.fromEntries([...series].map(([label, figures]) => [label, medianFigures(figures)]));
}

function importInto(writer: DataStoreWriter, directory: string) {
  return runImport(writer, {
    directory,
    mapping: DEFAULT_MAPPING,
    dryRun: false,
    skipInvalid: false,
    replace: true,
    issueLimit: 5,
    fiscalYearStartMonth: 4,
    ratesToJpy: { JPY: 1, USD: 150 },
    today: "2026-11-21",
    progress: silentProgress,
  });
}

/**
 * The writer as it is, except that the raw spend rows are not written: the directory, the month
 * cells and the manifest (all the tools read) are. For sizes where writing every row into the embedded
 * server, which shares this process and the machine's cores, takes longer than a bench run should.
 */
function withoutSpendRows(writer: DataStoreWriter): DataStoreWriter {
  return {
    location: writer.location,
    load: (kind) => writer.load(kind),
    save: (kind, result) => writer.save(kind, result),
    spendRows: () => writer.spendRows(),
    loadSummary: () => writer.loadSummary(),
    saveSummary: (summary) => writer.saveSummary(summary),
    beginSpend: async (): Promise<SpendWrite> => {
      const write = await writer.beginSpend();
      return {
        staged: write.staged,
        add: async () => {},
        remove: async () => {},
        finish: (cells) => write.finish(cells),
        abandon: () => write.abandon(),
      };
    },
  };
}

async function main([step, ...rest]: string[]): Promise<void> {
  const started = performance.now();
  let result: object;
  if (step === "cosmos") {
    const server = await startEmbeddedCosmos();
    const client = await createCosmosClient({ endpoint: server.endpoint, key: server.key });
    const { database } = await client.databases.createIfNotExists({ id: "bench" });
    const containers = await ensureContainers(database, 30);
    const writer = new CosmosDataWriter(containers, "embedded");
    const outcome = await importInto(rest[1] === "--without-rows" ? withoutSpendRows(writer) : writer, rest[0]);
    const importMs = performance.now() - started;
    const loadStarted = performance.now();
    const data = new CosmosProcurementData(containers, "embedded");
    await data.describe();
    result = {
      importMs,
      spendMs: outcome.outcomes.find((o) => o.kind === "spend")!.durationMs,
      loadMs: performance.now() - loadStarted,
      tools: await measureTools(data),
    };
    client.dispose();
    await server.stop();
  } else if (step === "import") {
    const [directory, dataDirectory] = rest as [string, string];
    const outcome = await importInto(new LocalDataStore(dataDirectory), directory);
    const spend = outcome.outcomes.find((o) => o.kind === "spend")!;
    const issues = outcome.outcomes.flatMap((o) => o.issues.lines());
    result = {
      totalMs: performance.now() - started,
      spendMs: spend.durationMs,
      spendRows: spend.read,
      issues,
      kinds: outcome.outcomes.map((o) => ({ kind: o.kind, read: o.read, ms: o.durationMs })),
    };
  } else {
    const data = (await openLocalProcurementData(rest[0]))!;
    const loadMs = performance.now() - started;
    result = { loadMs, tools: await measureTools(data) };
  }
  // CPU seconds next to wall time: on a shared machine the wall clock also measures the neighbours.
  const usage = process.resourceUsage();
  process.stdout.write(
    `${JSON.stringify({ ...result, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000, peakRssMb: usage.maxRSS / 1024 })}\n`,
  );
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
