import { readTableRecords } from "./table-records";
import { DuplicateIds } from "./duplicate-ids";
import type { ImportRun } from "./import-run";
import { mergeDirectory } from "./merge-directory";
import { benchmarkId, readBenchmark } from "./records";

/** benchmarks.csv, one benchmark per category and unit. */
export async function importBenchmarks(run: ImportRun): Promise<void> {
  const seen = new DuplicateIds();
  const result = await readTableRecords(run, "benchmarks", (f, row) => {
    const benchmark = readBenchmark(f);
    seen.check(f, benchmarkId(benchmark), row.line, "category");
    return benchmark;
  });
  if (!result) return;
  if (run.accept(result.outcome, result.records.length))
    await mergeDirectory(run, "benchmarks", result.records, benchmarkId, result.outcome);
}
